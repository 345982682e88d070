import Foundation
import GRDB
import StageOutputs
import Testing
import TestSupport

@testable import Library

/// The stage's outputs in the library: kept whole and read back as written; a damaged row costs only itself.
@Suite("The stage's outputs, kept")
struct StageOutputsLibraryTests {
    private func outputs() throws -> StageOutputs {
        var left = StageOutput(name: "Left")
        left.slice = OutputRect(x: 0, y: 0, width: 0.575, height: 1)
        left.blend = OutputBlend(right: 0.26, gamma: 1.8)
        var wall = StageOutput(name: "Wall")
        wall.corners = [OutputPoint(0.1, 0.05), OutputPoint(0.95, 0), OutputPoint(0.9, 1), OutputPoint(0, 0.9)]
        wall.mask = [OutputPoint(0.4, 0.4), OutputPoint(0.6, 0.4), OutputPoint(0.5, 0.7)]
        wall.testPattern = .grid
        var main = StageOutput.main
        main.brightness = 0.8
        return try StageOutputs([main, left, wall])
    }

    @Test func theOutputsAreReadBackAsTheyWereWritten() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let library = try ChordsetLibrary.open(at: folder.file("library.sqlite"))
        #expect(try library.stageOutputs() == KeptStageOutputs(outputs: StageOutputs(), problems: []))
        let written = try outputs()
        try library.setStageOutputs(written)
        #expect(try ChordsetLibrary.open(at: folder.file("library.sqlite")).stageOutputs() == KeptStageOutputs(outputs: written, problems: []))
        var fewer = written
        try fewer.delete("Left")
        try library.setStageOutputs(fewer)
        #expect(try library.stageOutputs().outputs == fewer)
    }

    @Test func aDamagedRowCostsOnlyItselfAndMainIsAlwaysThere() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let library = try ChordsetLibrary.open(at: folder.file("library.sqlite"))
        try library.setStageOutputs(try outputs())
        let queue = try DatabaseQueue(path: folder.file("library.sqlite").path)
        try queue.write { db in
            try db.execute(sql: #"UPDATE stageOutput SET content = '{"name":"Main","brightness":' WHERE position = 0"#)
            try db.execute(sql: #"UPDATE stageOutput SET content = replace(content, '"gamma":1.8', '"gamma":9') WHERE position = 1"#)
        }
        try queue.close()
        let kept = try ChordsetLibrary.open(at: folder.file("library.sqlite")).stageOutputs()
        #expect(kept.outputs.outputs.map(\.name) == ["Main", "Wall"])
        #expect(kept.outputs.output(named: "Main") == .main)  // its own row unreadable: as a new library has it
        #expect(kept.problems.count == 2)
        #expect(kept.problems[0].contains("place 1") && kept.problems[1].contains("place 2") && kept.problems[1].contains("blend.gamma must be a number from 1 to 3"))
    }
}
