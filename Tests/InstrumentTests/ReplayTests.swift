import Foundation
import Geometry
import Instrument
import PropertyBased
import Testing
import TestSupport

@Suite("Replaying a performance")
struct ReplayTests {
    /// Intents a performer might send, drawn at random (all valid).
    static var intent: Generator<Intent, AnySequence<(index: Int, value: Any)>> { Gen<Intent>.oneOf(
        zip(Gen.int(in: 0...7), Gen.double(in: 0...1)).map { Intent.padDown(pad: $0, velocity: $1) },
        Gen.int(in: 0...7).map { Intent.padUp(pad: $0) },
        zip(Gen.double(in: 0...1), Gen.double(in: 0...1)).map { Intent.tap(at: Point(x: $0, y: $1), velocity: 0.8) },
        zip(Gen.double(in: 0...1), Gen.double(in: 0...1)).map {
            Intent.stroke([Point(x: $0, y: $1), Point(x: $1, y: $0), Point(x: 0.5, y: 0.5)], velocity: 0.7)
        },
        Gen.int(in: 0...7).map { Intent.recallChord($0) },
        Gen.int(in: 0...7).map { Intent.storeChord($0) },
        Gen.double(in: 0...1).map { Intent.ribbonCenter(.hue, $0) },
        Gen.bool.map { Intent.ribbonStep(.purity, widen: $0) },
        Gen.double(in: 0...3).map { Intent.fade(seconds: $0) },
        Gen.always(Intent.erase),
        Gen.double(in: 60...180).map { Intent.tempo(beatsPerMinute: $0) },
        Gen.always(Intent.tapTempo),
        Gen.int(in: 0...3).map { Intent.loadChordset(FactoryChordsets.all[$0]) }) }

    static func log(_ intents: [Intent], gaps: [Double]) throws -> PerformanceLog {
        var time = 0.0
        var events: [PerformanceEvent] = []
        for (intent, gap) in zip(intents, gaps) {
            time += gap
            events.append(PerformanceEvent(time: time, intent: intent))
        }
        return try PerformanceLog(chordset: FactoryChordsets.pulseGarden, events: events)
    }

    @Test func replayingALogGivesIdenticalFrames() async {
        await propertyCheck(
            count: 60, input: Self.intent.array(of: 1...40), Gen.double(in: 0...0.5).array(of: 40), Gen.double(in: 0...1)
        ) { intents, gaps, probe in
            let log = try! Self.log(intents, gaps: gaps)
            let time = probe * (log.duration + 2)
            let first = log.scene(at: time)
            #expect(first == log.scene(at: time))
            // Frame by frame, forwards, gives the same moments as asking for each afresh — the output stage
            // aside, whose gains follow the frames played (without it, the very same frames)…
            var unlimited = log
            unlimited.startHeadroom(at: 0)
            var player = PerformancePlayer(log: unlimited), again = PerformancePlayer(log: log), twice = again
            for step in 0...20 {
                let moment = Double(step) / 20 * (log.duration + 2)
                #expect(player.scene(at: moment) == unlimited.scene(at: moment))
                // …and with it, the same frames each time the same moments are played.
                #expect(again.scene(at: moment) == twice.scene(at: moment))
            }
            // Going back in time starts again, output stage and all.
            #expect(player.scene(at: time) == unlimited.scene(at: time))
            #expect(again.scene(at: time) == first)
            // A log written to a file and read back plays the same.
            let reread = try! roundTrip(log)
            #expect(reread == log)
            #expect(reread.scene(at: time) == first)
        }
    }

    @Test func aFactoryPerformanceShowsLightInEveryChord() throws {
        for chordset in FactoryChordsets.all {
            for pad in 0..<8 {
                let log = try PerformanceLog(chordset: chordset, events: [
                    PerformanceEvent(time: 0, intent: .padDown(pad: pad, velocity: 0.9)),
                    PerformanceEvent(time: 3, intent: .padUp(pad: pad)),
                ])
                // A rhythm may be between its notes at any one moment, but most of the time there is light.
                var lit = 0
                for frame in 0..<30 {
                    let scene = log.scene(at: 0.5 + Double(frame) / 12)
                    if !scene.instances.isEmpty { lit += 1 }
                    for instance in scene.instances {
                        #expect((0...1).contains(instance.opacity))
                        #expect(instance.transform.determinant.isFinite)
                        #expect(Int(instance.form) < scene.forms.count)
                    }
                }
                #expect(lit >= 20, "\(chordset.title) pad \(pad + 1) shows lumis")
            }
        }
    }

    @Test func aLogWithABadEventIsRefusedWhole() {
        do {
            _ = try PerformanceLog(chordset: FactoryChordsets.lumia, events: [
                PerformanceEvent(time: 0, intent: .padDown(pad: 0, velocity: 1)),
                PerformanceEvent(time: 1, intent: .padDown(pad: 12, velocity: 1)),
            ])
            Issue.record("bad log accepted")
        } catch {
            #expect(error.description == "event 2 (at 1.0 s): there is no pad 12; pads are numbered 0 to 7")
        }
    }

    @Test func aLogFromAFutureVersionIsRefusedWithAMessage() throws {
        var text = try json(PerformanceLog(chordset: FactoryChordsets.lumia))
        text = text.replacingOccurrences(of: #""formatVersion":1"#, with: #""formatVersion":9"#)
        do {
            _ = try decode(PerformanceLog.self, from: text)
            Issue.record("future log accepted")
        } catch {
            #expect(String(describing: error).contains("format version 9; this Image Performer reads up to version 3"))
        }
    }

    @Test func appendingRefusesEventsBackInTime() throws {
        var log = PerformanceLog(chordset: FactoryChordsets.lumia)
        try log.append(PerformanceEvent(time: 2, intent: .erase))
        #expect(throws: InstrumentError.self) { try log.append(PerformanceEvent(time: 1, intent: .erase)) }
        #expect(throws: InstrumentError.self) { try log.append(PerformanceEvent(time: 3, intent: .recallChord(9))) }
        #expect(log.events.count == 1)
    }
}

@Suite("Intents in JSON")
struct IntentCodingTests {
    @Test(arguments: [
        Intent.ribbonCenter(.hue, 0.4), .ribbonRange(.purity, 0.2), .ribbonStep(.hue, widen: false), .pulse(Pulse()),
        .form(.rose(petals: 5)), .motion(.wander(distance: 0.2, rate: 1), .wrap), .feature(.trail, FeatureSetting(0.3)),
        .padDown(pad: 3, velocity: 0.7), .padUp(pad: 3), .tap(at: Point(x: 0.2, y: 0.3), velocity: 1),
        .stroke([Point(x: 0, y: 0), Point(x: 1, y: 1)], velocity: 0.5), .recallChord(2), .storeChord(7),
        .loadChordset(FactoryChordsets.prism), .fade(seconds: 3), .erase, .trailPersistence(0.8),
        .tempo(beatsPerMinute: 96), .tapTempo,
    ])
    func everyIntentRoundTrips(intent: Intent) throws {
        #expect(try roundTrip(intent) == intent)
        #expect(try json(intent).hasPrefix(#"{"#) && (try json(intent)).contains(#""type":"\#(intent.type)""#))
    }

    @Test func theFormatIsPlainNamedValues() throws {
        #expect(try json(Intent.padDown(pad: 2, velocity: 0.5)) == #"{"pad":2,"type":"padDown","velocity":0.5}"#)
        #expect(try decode(Intent.self, from: #"{"type":"tap","at":{"x":0.5,"y":0.25},"velocity":1}"#)
            == .tap(at: Point(x: 0.5, y: 0.25), velocity: 1))
    }

    @Test func unknownOrIncompleteIntentsAreRefusedByName() {
        do {
            _ = try decode(Intent.self, from: #"{"type":"explode"}"#)
            Issue.record("unknown intent accepted")
        } catch {
            #expect(String(describing: error).contains("unknown intent \"explode\""))
        }
        #expect(throws: (any Error).self) { try decode(Intent.self, from: #"{"type":"padDown","pad":1}"#) }
        #expect(throws: (any Error).self) { try decode(Intent.self, from: #"{"type":"padDown","pad":"one","velocity":1}"#) }
        #expect(throws: (any Error).self) { try decode(Intent.self, from: #"{"pad":1}"#) }
    }
}

@Suite("Recorded stretches")
struct RecordedStretchTests {
    @Test func aRecordingsStretchRoundTripsAndBadOnesAreRefused() throws {
        var log = try PerformanceLog(chordset: FactoryChordsets.lumia, events: [PerformanceEvent(time: 1, intent: .erase)])
        log.recordedFrom = 0.5
        log.recordedUntil = 3
        let reread = try roundTrip(log)
        #expect(reread.recordedSpan == 0.5...3)
        var text = try json(log)
        text = text.replacingOccurrences(of: #""recordedUntil":3"#, with: #""recordedUntil":0.1"#)
        #expect(throws: (any Error).self) { try decode(PerformanceLog.self, from: text) }
        #expect(try PerformanceLog(chordset: FactoryChordsets.lumia, events: []).recordedSpan == 0...0)
    }
}

@Suite("JSON nesting")
struct JSONNestingTests {
    @Test func depthIsCountedOutsideStringsOnly() {
        #expect(!JSONNesting.exceeds(2, in: Array(#"{"a":[1,2]}"#.utf8)))
        #expect(JSONNesting.exceeds(2, in: Array(#"{"a":[[1]]}"#.utf8)))
        #expect(!JSONNesting.exceeds(1, in: Array(#"{"a":"[[[{{{\"]]]"}"#.utf8)))
        #expect(JSONNesting.exceeds(64, in: Array(String(repeating: "[", count: 65).utf8)))
    }
}
