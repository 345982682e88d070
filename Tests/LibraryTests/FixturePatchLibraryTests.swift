import Fixtures
import Foundation
import GRDB
import Testing
import TestSupport

@testable import Library

/// The fixture patch in the library: kept whole and read back as written; a damaged row costs only itself.
@Suite("The fixture patch, kept")
struct FixturePatchLibraryTests {
    private let patch = try! FixturePatch([
        Fixture(name: "Par", universe: 1, address: 1, kind: .rgbw, placement: .point(StagePoint(x: 0.2, y: 0.5)), gamma: 1.8),
        Fixture(name: "Wash", universe: 1, address: 5, kind: .dimmer, placement: .area(x: 0, y: 0, width: 1, height: 0.5), level: 0.5),
        Fixture(
            name: "Strip", universe: 2, address: 1, kind: .rgb,
            placement: .strip(from: StagePoint(x: 0, y: 1), to: StagePoint(x: 1, y: 1), pixels: 60)),
    ])

    @Test func aPatchIsReadBackAsItWasWrittenAndReplacedWhole() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let library = try ChordsetLibrary.open(at: folder.file("library.sqlite"))
        #expect(try library.fixturePatch() == KeptFixturePatch(patch: .empty, problems: []))
        try library.setFixturePatch(patch)
        #expect(try ChordsetLibrary.open(at: folder.file("library.sqlite")).fixturePatch() == KeptFixturePatch(patch: patch, problems: []))
        let smaller = try FixturePatch([patch.fixtures[2]])
        try library.setFixturePatch(smaller)
        #expect(try library.fixturePatch().patch == smaller)
    }

    @Test func aDamagedRowCostsOnlyItself() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let library = try ChordsetLibrary.open(at: folder.file("library.sqlite"))
        try library.setFixturePatch(patch)
        let queue = try DatabaseQueue(path: folder.file("library.sqlite").path)
        try queue.write { db in
            try db.execute(sql: #"UPDATE fixture SET content = '{"name":"Wash","universe":1,"address":5,"kind":"smoke"' WHERE position = 1"#)
            try db.execute(sql: #"UPDATE fixture SET content = replace(content, '"gamma":1.8', '"gamma":9') WHERE position = 0"#)
        }
        try queue.close()
        let kept = try ChordsetLibrary.open(at: folder.file("library.sqlite")).fixturePatch()
        #expect(kept.patch.fixtures.map(\.name) == ["Strip"])
        #expect(kept.problems.count == 2)
        #expect(kept.problems[0].contains("place 1") && kept.problems[0].contains("a gamma is 1 to 3"))
        #expect(kept.problems[1].contains("place 2"))
    }

    @Test func aProfiledFixtureIsKeptWithItsModeWholeAndItsHoldsAndADamagedModeCostsOnlyItsFixture() throws {
        let spot = FixtureProfile(
            manufacturer: "Test", model: "Spot", type: "Moving Head",
            channels: [
                ProfileChannel(name: "Pan", preset: "PositionPan"), ProfileChannel(name: "Pan fine", preset: "PositionPanFine"),
                ProfileChannel(name: "Dimmer", preset: "IntensityDimmer"),
                ProfileChannel(name: "Shutter", group: "Shutter", capabilities: [
                    ChannelCapability(minimum: 0, maximum: 9, description: "Closed", preset: "ShutterClose"),
                    ChannelCapability(minimum: 10, maximum: 19, description: "Open", preset: "ShutterOpen"),
                ]),
            ],
            modes: [ProfileMode(name: "Standard", channels: ["Pan", "Pan fine", "Dimmer", "Shutter"])], panDegrees: 540, tiltDegrees: 270)
        let profiled = try FixturePatch(patch.fixtures + [
            Fixture(
                name: "Spot", universe: 3, address: 10, profile: spot.mode(named: "standard"), hold: ["Shutter": 15],
                placement: .point(StagePoint(x: 0.5, y: 0.5))),
        ])
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let library = try ChordsetLibrary.open(at: folder.file("library.sqlite"))
        try library.setFixturePatch(profiled)
        let read = try ChordsetLibrary.open(at: folder.file("library.sqlite")).fixturePatch()
        #expect(read == KeptFixturePatch(patch: profiled, problems: []))
        #expect(read.patch.fixtures[3].profile?.channels[3].capabilities.count == 2 && read.patch.fixtures[3].hold == ["Shutter": 15])
        let queue = try DatabaseQueue(path: folder.file("library.sqlite").path)
        try queue.write { db in
            try db.execute(sql: #"UPDATE fixture SET content = replace(content, '"PositionPanFine"', '7') WHERE position = 3"#)
        }
        try queue.close()
        let damaged = try ChordsetLibrary.open(at: folder.file("library.sqlite")).fixturePatch()
        #expect(damaged.patch.fixtures.map(\.name) == ["Par", "Wash", "Strip"])
        #expect(damaged.problems.count == 1 && damaged.problems[0].contains("place 4"))
    }
}
