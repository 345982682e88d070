import DMX
import Engine
import Export
import FixtureDefinitions
import Fixtures
import Foundation
import Instrument
import TestSupport
import Testing

@testable import ImagerCommandLine
@testable import Server

/// A recorded performance's DMX rendered offline (`imager render performance --dmx`: each frame drawn whole,
/// written as CSV) is what the live server sends for the same stage, frame for frame: the stage drawn only in
/// the rows the lights read (`RenderedStage`, `LiveFixtures.frames`), real profiled fixtures, a pixel bar and
/// moving heads following the chords' lumis and the brightest light at their slew.
@Suite struct DMXOfflineAsLiveTests {
    static let rate = 10

    /// The full-stage passage (Lumia, 30 pad presses and 30 taps in 3.3 s, recorded with `imager serve`).
    static func passage() throws -> PerformanceLog {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../fixtures/full-stage/performance.json")
        return try JSONDecoder().decode(PerformanceLog.self, from: Data(contentsOf: url))
    }

    static func mode(_ file: String, _ name: String) throws -> PatchedProfile {
        let data = try Data(contentsOf: FixtureDefinitionFolders.systemFolder.appendingPathComponent(file))
        return try #require(try QXFReader.profile(from: data).mode(named: name))
    }

    /// A SlimPAR, a bar of four pixels across the stage, four heads following chords 1 to 4 and one the
    /// brightest light of the stage's right half, slowly enough that they are seen turning.
    static func rig() throws -> FixturePatch {
        let head = try mode("GLP/GLP-YPOC700CMY.qxf", "Mode 1")
        let calibration = [PanTilt(pan: 230, tilt: 100), PanTilt(pan: 310, tilt: 95), PanTilt(pan: 300, tilt: 160), PanTilt(pan: 240, tilt: 170)]
        let follows: [AimFollow] = [.chord(1), .chord(2), .chord(3), .chord(4), .brightest(x: 0.5, y: 0, width: 0.5, height: 1)]
        let heads = follows.enumerated().map { index, follow in
            Fixture(
                name: "Head \(index + 1)", universe: 2, address: 1 + index * head.channels.count, profile: head,
                aim: FixtureAim(calibration: calibration, follow: follow, slew: 90), placement: .point(StagePoint(x: 0.5, y: 0)))
        }
        return try FixturePatch([
            Fixture(name: "Par", universe: 1, address: 1, profile: try mode("Chauvet/Chauvet-SlimPAR-56.qxf", "7-Ch"), placement: .point(StagePoint(x: 0.3, y: 0.6))),
            Fixture(
                name: "Bar", universe: 1, address: 20, profile: try mode("Litecraft/Litecraft-PowerBar-4.qxf", "16 channel mode"),
                placement: .strip(from: StagePoint(x: 0, y: 0.5), to: StagePoint(x: 1, y: 0.5), pixels: 1)),
        ] + heads)
    }

    @Test func theDMXRenderedOfflineIsWhatTheLiveServerSendsFrameForFrame() throws {
        let log = try Self.passage()
        let patch = try Self.rig()
        let start = log.recordedSpan.lowerBound
        let count = Int((log.recordedSpan.upperBound - start + 0.5) * Double(Self.rate))
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try DMXValuesFile.write(log, patch: patch, rate: Self.rate, from: start, count: count, to: folder.file("values.csv"))
        let offline = try Self.rows(of: folder.file("values.csv"))

        let frames = PerformanceFrames(log: log, width: 128, height: 72, fps: Self.rate, from: start)
        let latest = LatestScene()
        var stage = RenderedStage(scenes: latest)
        var state = FixtureFrameState()
        var live: [String] = []
        for index in 0..<count {
            latest.keep(frames.scene(index))
            let time = Double(index) / Double(Self.rate)
            let universes = LiveFixtures.frames(of: (patch, [], FixtureControls()), picture: &stage, at: time, state: &state)
            live += universes.sorted { $0.key < $1.key }.map { universe, frame in
                "\(FixedDecimals.format(time, decimals: 3)),\(universe)," + frame.levels.map(String.init).joined(separator: ",")
            }
        }
        #expect(live.count == offline.count && live.count == count * 2)
        for (index, (sent, rendered)) in zip(live, offline).enumerated() where sent != rendered {
            Issue.record("row \(index) differs:\nlive    \(sent.prefix(160))\noffline \(rendered.prefix(160))")
            break
        }
        // Not a dark rig that agrees by having nothing to say: the par lit, and the heads turned as they followed.
        let pans = Set(live.filter { $0.split(separator: ",")[1] == "2" }.map { $0.split(separator: ",")[2...3].joined(separator: ",") })
        #expect(pans.count > 5, "the heads' pan took \(pans.count) values")
        #expect(live.contains { row in row.split(separator: ",")[1] == "1" && row.split(separator: ",")[2...4].contains { $0 != "0" } })
    }

    /// The CSV's rows after its header.
    static func rows(of file: URL) throws -> [String] {
        try String(contentsOf: file, encoding: .utf8).split(separator: "\n").dropFirst().map(String.init)
    }
}
