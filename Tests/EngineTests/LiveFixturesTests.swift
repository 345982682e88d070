import DMX
import Engine
import Fixtures
import Foundation
import Geometry
import Raster
import Synchronization
import Testing
import TestSupport

/// A transmitter that keeps what it is handed.
final class KeptTransmitter: DMXTransmitter {
    let target: DMXTarget
    private let kept = Mutex<(frames: [(time: Double, frames: [Int: DMXFrame])], ended: Bool)>(([], false))
    init(_ target: DMXTarget) { self.target = target }

    var sent: [(time: Double, frames: [Int: DMXFrame])] { kept.withLock { $0.frames } }
    var ended: Bool { kept.withLock { $0.ended } }
    func send(_ frames: [Int: DMXFrame], at time: Double) { kept.withLock { $0.frames.append((time, frames)) } }
    var status: LiveDMXStatus.Target { LiveDMXStatus.Target(target: target.description, packets: sent.count) }
    func end() async { kept.withLock { $0.ended = true } }
}

/// A stage of one colour all over, counting the pictures asked of it and the rows each asked for.
struct PaintedStage: StagePicture {
    var colour: RGBAColor?
    var asked: [[Range<Int>]] = []

    mutating func draw(rows: [Range<Int>]) -> Bitmap? {
        asked.append(rows)
        return colour.map { Bitmap(width: LiveFixtures.stageSize.width, height: LiveFixtures.stageSize.height, color: $0) }
    }
}

/// The fixtures as the instrument plays them: who DMX goes to as the preferences change, the controls refused
/// with why, nothing changed, and the frames sent on the fixtures' clock.
@Suite struct LiveFixturesTests {
    private func fixtures(_ commandLine: [String], said: @escaping @Sendable (String) -> Void = { _ in }) throws -> LiveFixtures {
        LiveFixtures(shelf: nil, commandLine: try commandLine.map { try DMXTarget($0) }, said: said) { KeptTransmitter($0) }
    }

    @Test func keptTargetsJoinTheCommandLinesOnceEachAndDroppedOnesGo() throws {
        final class Said: Sendable { let lines = Mutex<[String]>([]) }
        let said = Said()
        let live = try fixtures(["artnet:127.0.0.1:6454"]) { line in said.lines.withLock { $0.append(line) } }
        let first = try #require(live.transmitters.first as? KeptTransmitter)
        live.follow(kept: ["sacn:multicast", "artnet:127.0.0.1:6454", "not a target", "sacn:multicast"])
        #expect(live.targets.map(\.description) == ["artnet:127.0.0.1:6454", "sacn:multicast"])
        #expect(said.lines.withLock { $0 }.count == 1 && said.lines.withLock { $0 }[0].hasPrefix("the DMX target kept in the preferences, “not a target”, cannot be read"))
        #expect(live.transmitters.first as? KeptTransmitter === first)  // the command line's transmitter is kept, with its stream
        live.follow(kept: [])
        #expect(live.targets.map(\.description) == ["artnet:127.0.0.1:6454"])
    }

    /// Art-Net's port address reaches universes 1…32768: a patch past them is refused while DMX goes over Art-Net
    /// (it used to be kept and never sent), kept for sACN, and said when an Art-Net target joins later.
    @Test func universesPastArtNetsReachAreRefusedForAnArtNetTargetAndSaid() throws {
        final class Said: Sendable { let lines = Mutex<[String]>([]) }
        let said = Said()
        func fixture(_ universe: Int) -> Fixture {
            Fixture(name: "U\(universe)", universe: universe, address: 1, kind: .rgb, placement: .point(StagePoint(x: 0.5, y: 0.5)))
        }
        let artnet = try fixtures(["artnet:127.0.0.1"])
        _ = try artnet.setPatch([fixture(32_768)], from: nil)
        #expect(artnet.now.patch.universes == [32_768], "the last universe Art-Net reaches")
        let refusal = #expect(throws: LiveError.self) { try artnet.setPatch([fixture(1), fixture(40_000), fixture(50_000)], from: nil) }
        #expect(refusal?.message == "DMX to artnet:127.0.0.1:6454 cannot carry universe 40000 and 1 more: Art-Net reaches universes 1 to 32768; patch those fixtures in a universe it reaches")
        #expect(artnet.now.patch.universes == [32_768], "nothing changed")

        let sacn = try fixtures(["sacn:multicast"]) { line in said.lines.withLock { $0.append(line) } }
        _ = try sacn.setPatch([fixture(40_000)], from: nil)
        #expect(sacn.status.problems.isEmpty)
        sacn.follow(kept: ["artnet:127.0.0.1"])
        #expect(said.lines.withLock { $0 }.contains { $0.hasPrefix("DMX to artnet:127.0.0.1:6454 cannot carry universe 40000") })
        #expect(sacn.status.problems.contains { $0.hasPrefix("DMX to artnet:127.0.0.1:6454 cannot carry universe 40000") })
    }

    @Test func controlsOutOfRangeOrOfAFixtureNotPatchedAreRefused() throws {
        let live = try fixtures([])
        _ = try live.setPatch([Fixture(name: "Par", universe: 1, address: 1, kind: .rgb, placement: .point(StagePoint(x: 0.5, y: 0.5)))], from: nil)
        #expect(throws: LiveError.self) { try live.setControls { $0.test = FixtureTest(.white, fixture: "Nobody") } }
        #expect(throws: LiveError.self) { try live.setControls { $0.master = .nan } }
        #expect(throws: LiveError.self) { try live.setControls { $0.master = 1.5 } }
        #expect(live.now.controls == FixtureControls())
        #expect(try live.setControls { $0.test = FixtureTest(.identify, fixture: "Par") }.test?.mode == .identify)
        #expect(throws: LiveError.self) {
            try live.setPatch([
                Fixture(name: "A", universe: 1, address: 1, kind: .rgb, placement: .point(StagePoint(x: 0, y: 0))),
                Fixture(name: "B", universe: 1, address: 2, kind: .rgb, placement: .point(StagePoint(x: 0, y: 0))),
            ], from: nil)
        }
        #expect(live.now.patch.fixtures.map(\.name) == ["Par"])
    }

    /// On the fixtures' clock, 40 frames a second: each frame the stage drawn (only the rows the lights read),
    /// each light sampled from it, and the frames handed to every transmitter; a frame that comes late starts the
    /// grid again from then, with no burst; before the first picture the stage is dark.
    @Test(.timeLimit(.minutes(1))) func framesAreSentOnTheFixturesClockFromTheStageDrawn() async throws {
        let live = try fixtures(["sacn:multicast"])
        _ = try live.setPatch([Fixture(name: "Par", universe: 3, address: 10, kind: .rgb, placement: .point(StagePoint(x: 0.5, y: 0.5)))], from: nil)
        let transmitter = try #require(live.transmitters.first as? KeptTransmitter)
        let clock = ManualClock()
        let sending = Task {
            var stage = PaintedStage(colour: nil)
            await live.keepSending(on: clock, picture: &stage)
            return stage
        }
        try await awaitUntil("the first frame") { transmitter.sent.count == 1 }
        #expect(transmitter.sent[0].frames[3].map { [$0[10], $0[11], $0[12]] } == [0, 0, 0], "a dark stage before the first picture")
        for frame in 1...3 {
            try await clock.awaitSleeper()
            clock.advance(by: .milliseconds(25))
            try await awaitUntil("frame \(frame + 1)") { transmitter.sent.count == frame + 1 }
        }
        #expect(transmitter.sent.map { ($0.time * 1_000).rounded() } == [0, 25, 50, 75])  // milliseconds
        try await clock.awaitSleeper()
        clock.advance(by: .milliseconds(100))  // fell behind by three frames: one frame, and the grid from then
        try await awaitUntil("the late frame") { transmitter.sent.count == 5 }
        try await clock.awaitSleeper()
        clock.advance(by: .milliseconds(25))
        try await awaitUntil("the frame after it") { transmitter.sent.count == 6 }
        #expect(transmitter.sent.map { ($0.time * 1_000).rounded() }.suffix(2) == [175, 200])
        #expect(live.status.frames == 6)
        sending.cancel()
        let stage = await sending.value
        #expect(stage.asked.allSatisfy { $0 == live.now.patch.rowsRead(height: LiveFixtures.stageSize.height) })
        #expect(stage.asked.count == 6)
    }

    /// A moving head re-aimed while DMX goes turns toward its new point at its slew, frame after frame on the
    /// fixtures' clock: its motors are kept from one frame to the next, across a change of the patch.
    @Test(.timeLimit(.minutes(1))) func aMovingHeadTurnsAtItsSlewOnTheFixturesClock() async throws {
        let live = try fixtures(["sacn:multicast"])
        let pan = ProfileChannel(name: "Pan", preset: "PositionPan"), fine = ProfileChannel(name: "Pan fine", preset: "PositionPanFine")
        let profile = FixtureProfile(
            manufacturer: "Test", model: "Head", type: "Moving Head", channels: [pan, fine],
            modes: [ProfileMode(name: "2", channels: ["Pan", "Pan fine"])], panDegrees: 360, tiltDegrees: 10)
        func head(following x: Double) -> Fixture {
            let corners = [PanTilt(pan: 0, tilt: 0), PanTilt(pan: 360, tilt: 0), PanTilt(pan: 360, tilt: 10), PanTilt(pan: 0, tilt: 10)]
            return Fixture(
                name: "Head", universe: 1, address: 1, profile: profile.mode(named: "2"),
                aim: FixtureAim(calibration: corners, follow: .point(StagePoint(x: x, y: 0.5)), slew: 100), placement: .point(StagePoint(x: 0.5, y: 0.5)))
        }
        _ = try live.setPatch([head(following: 0)], from: nil)
        let transmitter = try #require(live.transmitters.first as? KeptTransmitter)
        let clock = ManualClock()
        let sending = Task {
            var stage = PaintedStage(colour: nil)
            await live.keepSending(on: clock, picture: &stage)
        }
        func degrees(_ frame: Int) -> Double {
            let levels = transmitter.sent[frame].frames[1]!
            return Double(Int(levels[1]) << 8 | Int(levels[2])) / 65535 * 360
        }
        try await awaitUntil("the first frame") { transmitter.sent.count == 1 }
        #expect(degrees(0) < 0.01)
        _ = try live.setPatch([head(following: 1)], from: nil)
        for frame in 1...4 {
            try await clock.awaitSleeper()
            clock.advance(by: .milliseconds(25))
            try await awaitUntil("frame \(frame + 1)") { transmitter.sent.count == frame + 1 }
            #expect(abs(degrees(frame) - 2.5 * Double(frame)) < 0.01, "100° a second: 2.5° a frame")
        }
        sending.cancel()
        await sending.value
    }

    /// The master's range is the one the twin-rule table gives (Tests/fixtures/twin-rules/fixture-patch.json),
    /// which the console's form takes too.
    @Test func theMasterIsKeptInTheRangeTheTwinRuleTableGives() throws {
        let file = TwinRuleTables.file("fixture-patch.json")
        struct Table: Decodable { let limits: [String: [Double]] }
        let master = try #require(try JSONDecoder().decode(Table.self, from: Data(contentsOf: file)).limits["master"])
        let live = try fixtures([])
        for bound in master { #expect(try live.setControls { $0.master = bound }.master == bound) }
        #expect(throws: LiveError.self) { try live.setControls { $0.master = master[0] - 0.01 } }
        #expect(throws: LiveError.self) { try live.setControls { $0.master = master[1] + 0.01 } }
    }

    @Test func aLightTakesItsColourFromTheStageWhereItStands() throws {
        let live = try fixtures([])
        _ = try live.setPatch([Fixture(name: "Par", universe: 1, address: 1, kind: .rgb, placement: .point(StagePoint(x: 0.5, y: 0.5)))], from: nil)
        var stage = PaintedStage(colour: RGBAColor(red: 1, green: 0, blue: 1))
        var state = FixtureFrameState()
        let frames = LiveFixtures.frames(of: live.now, picture: &stage, at: 0, state: &state)
        #expect(frames[1].map { [$0[1], $0[2], $0[3]] } == [255, 0, 255])
        #expect(stage.asked.count == 1)
    }
}
