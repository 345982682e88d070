import Foundation
import StageOutputs
import Testing
import TestSupport

/// The mesh an output is drawn through (Tests/fixtures/twin-rules/mesh.json), which the canvas's
/// view/output-mesh.js is held to as well, by `node --test`: each vertex's window position and the slice point
/// it shows, to 1e-6 (the browser's float32), and the same triangles.
@Suite struct MeshTwinRuleTests {
    struct Case: Decodable, CustomTestStringConvertible {
        struct Output: Decodable { let corners: [[Double]]?; let grid: OutputGrid? }
        let `case`: String
        let output: Output
        let vertices: [[Double]]
        let triangles: [Int]
        var testDescription: String { self.case }
    }

    static let cases: [Case] = {
        struct Table: Decodable { let cases: [Case] }
        let file = TwinRuleTables.file("mesh.json")
        return (try? Data(contentsOf: file)).flatMap { try? JSONDecoder().decode(Table.self, from: $0).cases } ?? []
    }()

    @Test func theTableIsRead() {
        #expect(Self.cases.count >= 3)
    }

    @Test(arguments: cases) func theMeshIsTheOneTheTableSays(_ item: Case) throws {
        var output = StageOutput(name: "Mapped")
        if let grid = item.output.grid { (output.grid, output.corners) = (grid, grid.outline) }
        if let corners = item.output.corners { output.corners = corners.map { OutputPoint($0[0], $0[1]) } }
        let mesh = OutputMesh(try output.checked())
        #expect(mesh.triangles == item.triangles)
        try #require(mesh.positions.count == item.vertices.count)
        for (index, vertex) in item.vertices.enumerated() {
            let position = mesh.positions[index], slice = mesh.slicePoints[index]
            #expect(abs(position.x - vertex[0]) <= 1e-6 && abs(position.y - vertex[1]) <= 1e-6, "vertex \(index)")
            #expect(abs(slice.x / slice.z - vertex[2]) <= 1e-6 && abs(slice.y / slice.z - vertex[3]) <= 1e-6, "vertex \(index)")
        }
    }
}
