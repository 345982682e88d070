import Foundation
import StageOutputs
import Testing
import TestSupport

/// An output's rules: what is kept (defaults for what is left out, the name as the text rule keeps it, a
/// grid's outline as the corners) and what is refused with one line, hostile names and bodies included.
@Suite struct StageOutputTests {
    private func decoded(_ json: String) throws -> StageOutput {
        try JSONDecoder().decode(StageOutput.self, from: Data(json.utf8))
    }

    private func refusal(_ output: StageOutput) -> String? {
        do { _ = try output.checked(); return nil } catch { return error.description }
    }

    @Test func whatIsLeftOutKeepsItsDefault() throws {
        let output = try decoded(#"{"name": " Left ", "slice": {"x": 0, "y": 0, "width": 0.575, "height": 1}, "blend": {"right": 0.26}}"#).checked()
        #expect(output.name == "Left")
        #expect(output.corners == StageOutput.unitCorners && output.grid == nil && output.mask == nil)
        #expect(output.blend == OutputBlend(right: 0.26) && output.blend.gamma == 2.2 && output.brightness == 1)
        // Written whole, and read back the same.
        let written = String(decoding: try JSONEncoder().encode(output), as: UTF8.self)
        #expect(written.contains(#""grid":null"#) && written.contains(#""testPattern":null"#))
        #expect(try decoded(written) == output)
    }

    @Test func aGridsOutlineIsItsCorners() throws {
        let points = (0..<3).flatMap { row in (0..<3).map { column in OutputPoint(0.1 + 0.4 * Double(column), 0.2 + 0.3 * Double(row)) } }
        var output = StageOutput(name: "Dome")
        output.grid = OutputGrid(columns: 3, rows: 3, points: points)
        output.corners = StageOutput.unitCorners
        #expect(refusal(output) == "with a grid, the corners must be the grid's four outer points")
        let grid = String(decoding: try JSONEncoder().encode(output.grid), as: UTF8.self)
        let fromJSON = try decoded(#"{"name": "Dome", "grid": \#(grid)}"#).checked()
        #expect(fromJSON.corners == [OutputPoint(0.1, 0.2), OutputPoint(0.9, 0.2), OutputPoint(0.9, 0.8), OutputPoint(0.1, 0.8)])
    }

    @Test func everyRefusalSaysWhyInOneLine() {
        var bowTie = StageOutput(name: "A")
        bowTie.corners = [OutputPoint(0, 0), OutputPoint(1, 1), OutputPoint(1, 0), OutputPoint(0, 1)]
        #expect(refusal(bowTie)?.hasPrefix("the corners must make a convex quadrilateral") == true)
        var straight = StageOutput(name: "A")
        straight.corners = [OutputPoint(0, 0), OutputPoint(0.5, 0), OutputPoint(1, 0), OutputPoint(0, 1)]
        #expect(refusal(straight)?.hasPrefix("the corners must make a convex") == true)
        var mirrored = StageOutput(name: "Rear")
        mirrored.corners = [OutputPoint(1, 0), OutputPoint(0, 0), OutputPoint(0, 1), OutputPoint(1, 1)]
        #expect(refusal(mirrored) == nil, "a mirrored pin (rear projection) is convex")
        var offStage = StageOutput(name: "A")
        offStage.slice = OutputRect(x: 0.6, y: 0, width: 0.5, height: 1)
        #expect(refusal(offStage) == "the slice must lie on the stage (x + width and y + height at most 1)")
        var notANumber = StageOutput(name: "A")
        notANumber.brightness = .nan
        #expect(refusal(notANumber) == "brightness must be a number from 0 to 1")
        var wide = StageOutput(name: "A")
        wide.blend.left = 0.6
        #expect(refusal(wide) == "blend.left must be a number from 0 to 0.5")
        var mask = StageOutput(name: "A")
        mask.mask = [OutputPoint(0, 0), OutputPoint(1, 1)]
        #expect(refusal(mask) == "mask must be null or a polygon of 3 to 64 points")
        var main = StageOutput.main
        main.slice = OutputRect(x: 0, y: 0, width: 0.5, height: 1)
        #expect(refusal(main)?.hasPrefix("Main always shows the whole stage unwarped") == true)
        main = .main
        main.brightness = 0.5
        main.testPattern = .grid
        #expect(refusal(main) == nil, "Main's brightness and test pattern change")
        #expect(refusal(StageOutput(name: "\u{0}")) != nil && refusal(StageOutput(name: String(repeating: "x", count: 65))) != nil)
    }

    @Test func hostileNamesAreKeptAsTheRuleKeepsThemOrRefused() {
        for name in HostileText.samples(count: 400, seed: 35) {
            do {
                let kept = try StageOutput(name: name).checked()
                #expect(!kept.name.isEmpty && kept.name.count <= StageOutput.nameLength && (try? kept.checked()) == kept)
            } catch {
                #expect(!error.description.contains("\n"))
            }
        }
    }

    @Test func theOutputsKeepMainAndUniqueNames() throws {
        var outputs = StageOutputs()
        try outputs.put(StageOutput(name: "Left"))
        try outputs.put(StageOutput(name: "Right"))
        #expect(outputs.outputs.map(\.name) == ["Main", "Left", "Right"])
        #expect(throws: StageOutputError.self) { try outputs.delete("Main") }
        #expect(throws: StageOutputError.self) { try outputs.rename("Left", to: "Right") }
        #expect(throws: StageOutputError.self) { try outputs.rename("Main", to: "Centre") }
        #expect(try outputs.rename("Left", to: " Stage left ").name == "Stage left")
        try outputs.delete("Right")
        #expect(outputs.outputs.map(\.name) == ["Main", "Stage left"])
        #expect(throws: StageOutputError.self) { try outputs.delete("Right") }
        for number in 2..<StageOutputs.maximumCount { try outputs.put(StageOutput(name: "Output \(number)")) }
        #expect(outputs.outputs.count == StageOutputs.maximumCount)
        #expect(throws: StageOutputError("a stage has at most 64 outputs", isFull: true)) { try outputs.put(StageOutput(name: "One more")) }
    }

    @Test func aSeededFuzzOfBodiesIsReadOrRefusedNeverTrapping() {
        var random = SeededGenerator(seed: 3535)
        let values = ["0", "1", "0.5", "-1", "2", "1e308", "null", "\"x\"", "[]", "{}", "[0, 0]", "[[0,0],[1,0],[1,1],[0,1]]", "true",
                      #"{"columns": 3, "rows": 3, "points": []}"#, #"{"columns": -2, "rows": 0, "points": [[0, 0]]}"#,
                      #"{"columns": 2, "rows": 2, "points": [[0, 0], [1, 0], [1, 1], [0, 1]]}"#]
        let keys = ["name", "slice", "corners", "grid", "blend", "mask", "brightness", "testPattern"]
        for _ in 0..<2_000 {
            let fields = keys.filter { _ in Bool.random(using: &random) }.map { key in
                "\"\(key)\": \(key == "name" && Bool.random(using: &random) ? "\"Out\"" : values.randomElement(using: &random)!)"
            }
            let body = "{\(fields.joined(separator: ", "))}"
            guard let output = try? decoded(body) else { continue }
            do {
                let kept = try output.checked()
                #expect(StageOutput.isConvex(kept.corners) && (0...1).contains(kept.brightness), "\(body)")
            } catch {
                #expect(!error.description.contains("\n"), "\(body)")
            }
        }
    }
}
