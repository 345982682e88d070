import Foundation
import Instrument
import Testing
import TestSupport

/// Hearings kept apart from a log's events: a record holds what the listening heard exactly, a damaged one is
/// told from a whole one, and a log whose hearings are kept apart replays exactly as one that holds them inline.
@Suite("Hearings")
struct HearingsTests {
    /// What the listening hears: levels rounded to four places, the tempo to a hundredth, or none.
    static func hearing(_ random: inout SeededGenerator) -> Heard {
        func level() -> Double { (Double.random(in: 0...1, using: &random) * 10_000).rounded() / 10_000 }
        let tempo = Bool.random(using: &random) ? (Double.random(in: 20...300, using: &random) * 100).rounded() / 100 : nil
        return Heard(level: level(), peak: level(), bands: [level(), level(), level(), level()], onset: Bool.random(using: &random) ? level() : 0, tempo: tempo)
    }

    @Test func aRecordHoldsWhatTheListeningHeardExactly() throws {
        var random = SeededGenerator(seed: 7)
        for index in 0..<10_000 {
            let heard = Self.hearing(&random)
            let time = Double(index) / 100 + 0.003
            let record = try #require(HeardRecord(heard, time: time, position: index / 7))
            #expect(record.bytes.count == HeardRecord.size)
            let read = try #require(HeardRecord(bytes: record.bytes))
            #expect(read == record && read.heard == heard && read.time == time && read.position == UInt32(index / 7))
        }
    }

    @Test(arguments: [
        Heard(level: 0.123456, peak: 0, bands: [0, 0, 0, 0]), Heard(level: 0, peak: 0, bands: [0, 0, 0, 0], tempo: 120.001),
        Heard(level: .nan, peak: 0, bands: [0, 0, 0, 0]), Heard(level: 2, peak: 0, bands: [0, 0, 0, 0]),
    ])
    func aHearingARecordCannotHoldExactlyStaysAnEvent(heard: Heard) {
        #expect(HeardRecord(heard, time: 1, position: 0) == nil)
    }

    @Test func aDamagedRecordIsToldFromAWholeOne() throws {
        var random = SeededGenerator(seed: 8)
        let record = try #require(HeardRecord(Self.hearing(&random), time: 12.5, position: 3))
        for byte in 0..<HeardRecord.size {
            var damaged = record.bytes
            damaged[byte] ^= 0x10
            #expect(HeardRecord(bytes: damaged) == nil, "byte \(byte)")
        }
        #expect(HeardRecord(bytes: record.bytes.dropLast()) == nil)
    }

    /// A performance that follows the sound, its hearings inline among its events.
    static func performance() throws -> (log: PerformanceLog, hearings: [(Int, HeardRecord)]) {
        var state = PerformanceState(chordset: FactoryChordsets.pulseGarden)
        try state.apply(PerformanceEvent(time: 0.5, intent: .soundResponse(SoundResponse(tempoFollows: true, onsetsRelease: true))))
        var log = PerformanceLog(checkpoint: state, recordedFrom: 0.5)
        var random = SeededGenerator(seed: 9)
        var records: [(Int, HeardRecord)] = []
        for hop in 0..<600 {
            let time = 1 + Double(hop) / 100
            if hop % 45 == 0 { try log.append(PerformanceEvent(time: time, intent: .padDown(pad: hop / 45 % 8, velocity: 0.9))) }
            if hop % 45 == 20 { try log.append(PerformanceEvent(time: time, intent: .padUp(pad: hop / 45 % 8))) }
            var heard = Self.hearing(&random)
            heard.onset = hop % 37 == 0 ? heard.onset : 0
            let event = PerformanceEvent(time: time, intent: .heard(heard))
            records.append((log.events.count, try #require(HeardRecord(heard, time: time, position: log.events.count))))
            try log.append(event)
        }
        return (log, records)
    }

    @Test func aLogWhoseHearingsAreKeptApartReplaysAsOneThatHoldsThemInline() throws {
        let (inline, records) = try Self.performance()
        // The same log with its hearings taken out of the events and kept apart, positions counted without them.
        var apart = PerformanceLog(checkpoint: try #require(inline.checkpoint), recordedFrom: inline.recordedFrom)
        var kept: [HeardRecord] = []
        for event in inline.events {
            if case .heard(let heard) = event.intent {
                kept.append(try #require(HeardRecord(heard, time: event.time, position: apart.events.count)))
            } else {
                try apart.append(event)
            }
        }
        #expect(kept.count == records.count && apart.events.count == inline.events.count - records.count)
        try apart.keepsHearings(in: "performance.hearings", count: kept.count)
        try apart.play(Hearings(kept))
        #expect(apart.duration == inline.duration)
        var inlinePlayer = PerformancePlayer(log: inline)
        var apartPlayer = PerformancePlayer(log: apart)
        for frame in 0..<400 {
            let time = 0.9 + Double(frame) / 60
            #expect(inlinePlayer.scene(at: time) == apartPlayer.scene(at: time), "frame \(frame)")
        }
        #expect(inlinePlayer.state.heardOnsets == apartPlayer.state.heardOnsets && apartPlayer.state.heardOnsets > 0)
        // The log names the file (version 3) and reads back so; without the file, its events alone.
        let read = try JSONDecoder().decode(PerformanceLog.self, from: Data(try apart.fileContents()))
        #expect(read.formatVersion == 3 && read.hearingsFile?.name == "performance.hearings" && read.hearingsFile?.count == kept.count)
        #expect(read.events == apart.events && read.hearings.isEmpty)
    }

    @Test func hearingsOutOfPlaceAreRefused() throws {
        let (inline, _) = try Self.performance()
        var log = inline
        let late = try #require(HeardRecord(.silence, time: 0.2, position: 1))
        #expect(throws: InstrumentError.self) { try log.play(Hearings([late])) }
        #expect(throws: InstrumentError.self) { try log.keepsHearings(in: "../elsewhere.hearings", count: 1) }
        let backwards = [try #require(HeardRecord(.silence, time: 2, position: 1)), try #require(HeardRecord(.silence, time: 1.5, position: 1))]
        #expect(throws: InstrumentError.self) { try Hearings(backwards) }
    }
}
