import Foundation
import Geometry
import Instrument
import Raster
import SceneRendering
import Testing

/// The output stage on the full-stage passage (Tests/fixtures/full-stage: Lumia, 30 pad presses and 30 taps in
/// 3.3 s, recorded with `imager serve`), drawn by the Swift rasterizer at 160×90, 10 frames a second (a debug build
/// draws a frame of this stage in about 0.2 s, whatever its size: placing a thousand outlines is what costs).
@Suite("Headroom: a full stage does not burn out")
struct HeadroomTests {
    static let passage: PerformanceLog = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../fixtures/full-stage/performance.json")
        // The fixture is committed with the tests: failing to read it is a broken checkout.
        return try! JSONDecoder().decode(PerformanceLog.self, from: Data(contentsOf: url))
    }()

    /// Mean brightness (0…255 over red, green and blue) and the share of pixels at full white, frame by frame.
    static func brightness(headroom: Double?, polyphony: Int? = nil) -> [(mean: Double, white: Double)] {
        var log = passage
        if let headroom { log.startHeadroom(at: headroom) }
        if let polyphony { try! log.startPolyphony(at: polyphony) }  // a count within the range: never refused
        var player = PerformancePlayer(log: log)
        var renderer = SceneRenderer(width: 160, height: 90)
        let span = log.recordedSpan
        return stride(from: span.lowerBound, through: span.upperBound + 2, by: 0.1).map { time in
            let frame = renderer.render(player.scene(at: time))
            var sum = 0, white = 0
            for pixel in stride(from: 0, to: frame.pixels.count, by: 4) {
                let red = frame.pixels[pixel], green = frame.pixels[pixel + 1], blue = frame.pixels[pixel + 2]
                sum += Int(red) + Int(green) + Int(blue)
                if min(red, green, blue) >= 250 { white += 1 }
            }
            let count = Double(frame.width * frame.height)
            return (Double(sum) / (3 * count), Double(white) / count)
        }
    }

    @Test func withHeadroomNoFrameBurnsOutAndTheQuietStartIsLeftAlone() {
        // The recording was made before the output stage existed: it plays without it, as it was shown.
        let off = Self.brightness(headroom: nil), on = Self.brightness(headroom: 1)
        #expect(off.map(\.mean).max()! > 230)
        #expect(off.map(\.white).max()! > 0.7)
        // The bounds this passage is held to: no frame brighter than 185 of 255 on average, and at most
        // 6 % of a frame's pixels white (without headroom: 237 and 76 %).
        #expect(on.map(\.mean).max()! <= 185)
        #expect(on.map(\.white).max()! <= 0.06)
        // The first half second, before the stage fills, is barely touched (within 10 %).
        for (quiet, limited) in zip(off.prefix(5), on.prefix(5)) {
            #expect(limited.mean >= 0.9 * quiet.mean, "\(limited.mean) of \(quiet.mean)")
        }
    }

    @Test func theDefaultPolyphonyKeepsTheBusyPassageFromBurningOutAndTheStageFull() {
        let unlimited = Self.brightness(headroom: 1), limited = Self.brightness(headroom: 1, polyphony: PerformanceState.defaultPolyphony)
        let mean = { (frames: [(mean: Double, white: Double)]) in frames.map(\.mean).reduce(0, +) / Double(frames.count) }
        print("busy passage at 160×90, 10 frames a second: brightest \(unlimited.map(\.mean).max()!) → \(limited.map(\.mean).max()!), "
            + "white \(unlimited.map(\.white).max()!) → \(limited.map(\.white).max()!), mean \(mean(unlimited)) → \(mean(limited))")
        #expect(limited.map(\.mean).max()! <= 0.85 * unlimited.map(\.mean).max()!)
        #expect(limited.map(\.white).max()! <= 0.5 * unlimited.map(\.white).max()!)
        // Still a full stage: most of the light it had without a limit.
        #expect(mean(limited) >= 0.75 * mean(unlimited))
    }

    @Test func itLetsGoOnceTheStageEmpties() {
        var log = Self.passage
        log.startHeadroom(at: 1)
        var player = PerformancePlayer(log: log)
        var limiter = HeadroomLimiter()
        let span = log.recordedSpan
        var lowest = 1.0
        for time in stride(from: span.lowerBound, through: span.upperBound + 8, by: 0.1) {
            player.advance(to: time)
            var scene = player.state.scene(at: time)  // as it comes, before any output stage
            limiter.apply(to: &scene)
            lowest = min(lowest, limiter.regionGains.min()!)
        }
        #expect(lowest < 0.5)  // it did turn the full stage down
        #expect(limiter.regionGains.allSatisfy { $0 > 0.95 })  // and has let go, seconds after the last lumi
    }

    @Test func aReplayGivesTheSameFramesTwice() {
        var log = Self.passage
        log.startHeadroom(at: 1)
        func frames() -> [[UInt8]] {
            var player = PerformancePlayer(log: log)
            var renderer = SceneRenderer(width: 64, height: 36)
            return stride(from: 0.5, through: 4.0, by: 0.25).map { renderer.render(player.scene(at: $0)).pixels }
        }
        #expect(frames() == frames())
    }

    @Test func strengthZeroLeavesTheSceneAsItIs() {
        let state = Self.passage.state(at: 3)
        let scene = state.scene(at: 3)
        var limited = scene
        limited.headroom = 0
        var unlimited = limited
        var limiter = HeadroomLimiter()
        limiter.apply(to: &limited)
        #expect(limited == unlimited)
        // At full strength the same full stage is turned down somewhere, and never up.
        limited.headroom = 1
        unlimited = limited
        limiter = HeadroomLimiter()
        limiter.apply(to: &limited)
        #expect(limited != unlimited)
        for (after, before) in zip(limited.instances, unlimited.instances) {
            #expect(after.red <= before.red && after.green <= before.green && after.blue <= before.blue)
            #expect(after.opacity == before.opacity)
        }
    }

    @Test func anEmptyStageIsNotTouched() {
        var scene = Scene(time: 1, background: RGBAColor(red: 0.2, green: 0.1, blue: 0.3, alpha: 1), headroom: 1)
        var limiter = HeadroomLimiter()
        limiter.apply(to: &scene)
        #expect(limiter.regionGains.allSatisfy { $0 == 1 })
    }
}

@Suite("Headroom in logs and intents")
struct HeadroomLogTests {
    @Test func aLogWrittenBeforeHeadroomPlaysWithoutIt() throws {
        let log = try PerformanceLog(chordset: FactoryChordsets.all[0], events: [])
        #expect(log.initialState.headroom == HeadroomLimiter.defaultStrength)
        // Written, the log says its headroom; a log without the key (an older build's) plays without it.
        let written = try JSONSerialization.jsonObject(with: Data(log.fileContents())) as! [String: Any]
        #expect(written["headroom"] as? Double == 1)
        var older = written
        older.removeValue(forKey: "headroom")
        let read = try JSONDecoder().decode(PerformanceLog.self, from: JSONSerialization.data(withJSONObject: older))
        #expect(read.initialState.headroom == 0)
        var bad = written
        bad["headroom"] = 3
        #expect(throws: (any Error).self) { try JSONDecoder().decode(PerformanceLog.self, from: JSONSerialization.data(withJSONObject: bad)) }
    }

    @Test func theIntentSetsTheStrengthAndIsChecked() throws {
        var state = PerformanceState(chordset: FactoryChordsets.all[0])
        #expect(try state.apply(PerformanceEvent(time: 0, intent: .headroom(0.25))) == [.canvas])
        #expect(state.headroom == 0.25)
        #expect(state.scene(at: 0).headroom == 0.25)
        #expect(throws: InstrumentError.self) { try Intent.headroom(1.5).validate() }
        #expect(throws: InstrumentError.self) { try Intent.headroom(.nan).validate() }
        let decoded = try JSONDecoder().decode(Intent.self, from: Data(#"{"type": "headroom", "value": 0.5}"#.utf8))
        #expect(decoded == .headroom(0.5))
    }

    @Test func aChordsetThatSaysItsHeadroomBringsIt() throws {
        var saying = FactoryChordsets.all[1]
        saying.headroom = 0.3
        // Loaded, it sets the strength (and says the canvas changed); one that does not say leaves it.
        var state = PerformanceState(chordset: FactoryChordsets.all[0])
        try state.apply(PerformanceEvent(time: 0, intent: .headroom(0.8)))
        #expect(try state.apply(PerformanceEvent(time: 1, intent: .loadChordset(saying))) == [.chordset, .selectedChord, .canvas])
        #expect(state.headroom == 0.3)
        #expect(try state.apply(PerformanceEvent(time: 2, intent: .loadChordset(FactoryChordsets.all[0]))) == [.chordset, .selectedChord])
        #expect(state.headroom == 0.3)
        // A performance that starts on it starts at its strength.
        #expect(PerformanceState(chordset: saying).headroom == 0.3)
        // In its file: the key when it says one, none when it does not; out of range, refused.
        let written = try JSONSerialization.jsonObject(with: JSONEncoder().encode(saying)) as! [String: Any]
        #expect(written["headroom"] as? Double == 0.3)
        let silent = try JSONSerialization.jsonObject(with: JSONEncoder().encode(FactoryChordsets.all[0])) as! [String: Any]
        #expect(silent["headroom"] == nil)
        #expect(try JSONDecoder().decode(Chordset.self, from: JSONEncoder().encode(saying)) == saying)
        var bad = written
        bad["headroom"] = 1.5
        #expect(throws: (any Error).self) { try JSONDecoder().decode(Chordset.self, from: JSONSerialization.data(withJSONObject: bad)) }
        saying.headroom = -0.1
        #expect(throws: InstrumentError.self) { try Intent.loadChordset(saying).validate() }
    }

    @Test func aCheckpointKeepsTheStrength() throws {
        var state = PerformanceState(chordset: FactoryChordsets.all[0])
        try state.apply(PerformanceEvent(time: 0, intent: .headroom(0.4)))
        let read = try JSONDecoder().decode(PerformanceState.self, from: JSONEncoder().encode(state))
        #expect(read.headroom == 0.4)
    }
}
