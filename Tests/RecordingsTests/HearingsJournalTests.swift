import Foundation
import Instrument
import Testing
import TestSupport

@testable import Recordings

/// Hearings recorded beside the journal, on a real disk: a crash's hearings are kept, and a damaged record costs
/// only itself. (A whole night's hearings, through the engine: ListeningRecordingTests.)
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
