import Foundation
import Instrument
import Testing
import TestSupport

@testable import Recordings

/// Hearings recorded beside the journal, on a real disk: a three-hour listening set with Link is recorded to
/// its end, its log stays small, a crash's hearings are kept, and a damaged record costs only itself.
@Suite("Hearings beside a recording")
struct HearingsJournalTests {
    func start() -> PerformanceLog {
        PerformanceLog(checkpoint: PerformanceState(chordset: FactoryChordsets.lumia), recordedFrom: 0)
    }

    /// A hearing as the listening makes it, `hop` hundredths of a second in.
    func hearing(_ hop: Int) -> Heard {
        let level = Double(hop % 10_000) / 10_000
        return Heard(level: level, peak: level, bands: [level, 0.5, 0.25, 0], onset: hop % 50 == 0 ? 0.8 : 0, tempo: 123.45)
    }

    @Test(.timeLimit(.minutes(5))) func aThreeHourListeningSetWithLinkIsRecordedToItsEndAndItsLogStaysSmall() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let folder = RecordingFolder(temporary.file("recordings"))
        let journal = try folder.begin(start())
        let hours = 3
        let hops = hours * 3600 * 100
        for hop in 1...hops {
            let time = Double(hop) / 100
            journal.append(PerformanceEvent(time: time, intent: .heard(hearing(hop))))
            // Link puts the beat back in phase ten times a second.
            if hop % 10 == 0 { journal.append(PerformanceEvent(time: time, intent: .alignBeat(time * 2 + 0.001))) }
            // Flushed every five seconds here (every second live): the test is of what is kept, not of the pace.
            if hop % 500 == 0 { try journal.flush(until: time) }
        }
        let path = try journal.finish(until: Double(hops) / 100)
        let logBytes = try FileManager.default.attributesOfItem(atPath: path)[.size] as! Int
        #expect(logBytes < hours * 10_000_000, "the log grew \(logBytes / hours) bytes an hour")
        let log = try JSONDecoder().decode(PerformanceLog.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(log.events.count == hops / 10)
        #expect(log.recordedUntil == Double(hops) / 100)
        let file = try #require(log.hearingsFile)
        #expect(file.count == hops)
        let records = try HearingsJournal.read(URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(file.name), count: file.count)
        #expect(records.count == hops)
        #expect(records.last?.heard == hearing(hops) && records.last?.time == Double(hops) / 100)
        // Each tenth hearing came after the alignBeats before it: its place among the events is kept.
        #expect(records[999].position == 99 && records[1000].position == 100)
    }

    /// What a server that crashed while recording left: its journal and hearings, as they were last flushed,
    /// in a folder of their own (the journal of a recording under way is locked by its server).
    func crashed(in temporary: TemporaryFolder, _ play: (PerformanceJournal) throws -> Void) throws -> (folder: RecordingFolder, hearings: URL) {
        let journal = try RecordingFolder(temporary.file("recordings")).begin(start())
        try play(journal)
        let crashed = temporary.file("crashed")
        try FileManager.default.createDirectory(at: crashed, withIntermediateDirectories: true)
        for file in [journal.url, journal.hearingsURL] {
            try FileManager.default.copyItem(at: file, to: crashed.appendingPathComponent(file.lastPathComponent))
        }
        return (RecordingFolder(crashed), crashed.appendingPathComponent(journal.hearingsURL.lastPathComponent))
    }

    @Test func aCrashedRecordingKeepsItsHearingsAndADamagedOneCostsOnlyItself() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let (folder, hearings) = try crashed(in: temporary) { journal in
            for hop in 1...300 {
                journal.append(PerformanceEvent(time: Double(hop) / 100, intent: .heard(hearing(hop))))
                if hop % 30 == 0 { journal.append(PerformanceEvent(time: Double(hop) / 100, intent: .padDown(pad: 0, velocity: 0.5))) }
            }
            try journal.flush(until: 3)
        }
        // Damage the hundredth record on the disk, and tear the last.
        var bytes = try Array(Data(contentsOf: hearings))
        bytes[HearingsJournal.header.count + 99 * HeardRecord.size + 13] ^= 0xFF
        bytes.removeLast(5)
        try Data(bytes).write(to: hearings)
        // The next start closes the journal.
        let outcomes = try folder.recoverUnfinished()
        guard case .closed(let saved) = try #require(outcomes.first) else {
            Issue.record("the crash's journal was not closed: \(outcomes)")
            return
        }
        #expect(saved.events == 10 && saved.problem == nil)
        let log = try JSONDecoder().decode(PerformanceLog.self, from: Data(contentsOf: saved.log))
        #expect(log.hearingsFile?.count == 298)
        let read = try HearingsJournal.read(hearings, count: log.hearingsFile?.count)
        #expect(read.count == 298 && !read.contains { $0.time == 1.0 })
    }

    @Test func hearingsThatCannotBeReadNeverCostTheEvents() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let (folder, hearings) = try crashed(in: temporary) { journal in
            journal.append(PerformanceEvent(time: 0.5, intent: .heard(hearing(50))))
            journal.append(PerformanceEvent(time: 0.6, intent: .padDown(pad: 1, velocity: 0.5)))
            try journal.flush(until: 1)
        }
        try Data("not hearings".utf8).write(to: hearings)
        let outcomes = try folder.recoverUnfinished()
        guard case .closed(let saved) = try #require(outcomes.first) else {
            Issue.record("the crash's journal was not closed: \(outcomes)")
            return
        }
        #expect(saved.events == 1 && saved.problem?.contains("replays without the light that followed the sound") == true)
    }

    @Test func aHearingARecordCannotHoldIsKeptAsALineOfTheLog() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let journal = try RecordingFolder(temporary.file("recordings")).begin(start())
        let odd = Heard(level: 0.123456, peak: 0, bands: [0, 0, 0, 0])
        journal.append(PerformanceEvent(time: 0.5, intent: .heard(odd)))
        let path = try journal.finish(until: 1)
        let log = try JSONDecoder().decode(PerformanceLog.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(log.events == [PerformanceEvent(time: 0.5, intent: .heard(odd))] && log.hearingsFile == nil)
    }
}
