import Foundation
import Instrument
import Testing
import TestSupport

@testable import Recordings

/// Recordings on a real disk, in a temporary folder: journals written as played, closed when they stop,
/// and what a crash or another server leaves behind found at the next start.
@Suite("The recordings folder")
struct RecordingFolderTests {
    func start() -> PerformanceLog {
        var state = PerformanceState(chordset: FactoryChordsets.lumia)
        _ = try? state.apply(PerformanceEvent(time: 1, intent: .padDown(pad: 0, velocity: 0.8)))
        return PerformanceLog(checkpoint: state, recordedFrom: 1)
    }

    func journal(in folder: RecordingFolder, events: Int) throws -> PerformanceJournal {
        let journal = try folder.begin(start())
        for index in 0..<events {
            journal.append(PerformanceEvent(time: 1.1 + Double(index) * 0.1, intent: .tap(at: .init(x: 0.5, y: 0.5), velocity: 0.6)))
        }
        try journal.flush(until: 1.1 + Double(events) * 0.1)
        return journal
    }

    @Test func aStoppedRecordingBecomesItsLogAndTheJournalGoes() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let folder = RecordingFolder(temporary.file("recordings"))
        let journal = try journal(in: folder, events: 5)
        let path = try journal.finish(until: 2)
        let log = try JSONDecoder().decode(PerformanceLog.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(log.events.count == 5)
        #expect(log.recordedUntil == 2)
        #expect(!FileManager.default.fileExists(atPath: journal.url.path))
    }

    @Test func aCrashedJournalIsClosedWithoutItsTornLastLineAndAnUnreadableOneIsSetAside() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let folder = RecordingFolder(temporary.file("recordings"))
        // A journal left by a crash, with its last line cut short.
        var bytes = try PerformanceJournal.encode(.start(start()))
        for index in 0..<4 {
            bytes += try PerformanceJournal.encode(.event(PerformanceEvent(time: 1.2 + Double(index) * 0.1, intent: .erase)))
        }
        bytes += try PerformanceJournal.encode(.until(1.6))
        bytes += Array(#"{"event":{"time":9,"intent":{"ty"#.utf8)
        let crashedURL = temporary.file("recordings/performance-0001.journal")
        try FileManager.default.createDirectory(at: temporary.file("recordings"), withIntermediateDirectories: true)
        try Data(bytes).write(to: crashedURL)
        // One cut off before its start reached the disk: empty.
        let empty = temporary.file("recordings/performance-0000.journal")
        #expect(FileManager.default.createFile(atPath: empty.path, contents: Data()))

        let outcomes = try folder.recoverUnfinished()
        #expect(outcomes.count == 2)
        var closed = 0, setAside = 0
        for outcome in outcomes {
            switch outcome {
            case .closed(let saved):
                closed += 1
                #expect(saved.events == 4)
                #expect(saved.until == 1.6)
                #expect(!FileManager.default.fileExists(atPath: crashedURL.path))
            case .setAside(let damaged, let error):
                setAside += 1
                #expect(damaged.lastPathComponent == "performance-0000.journal.damaged")
                #expect(FileManager.default.fileExists(atPath: damaged.path))
                #expect(error.message.contains("empty"))
            case .notClosed(let journal, let error):
                Issue.record("\(journal.path) not closed: \(error)")
            }
        }
        #expect(closed == 1 && setAside == 1)
        #expect(try folder.recoverUnfinished().isEmpty)
    }

    @Test func aJournalAnotherServerIsWritingIsLeftAlone() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let folder = RecordingFolder(temporary.file("recordings"))
        let underWay = try journal(in: folder, events: 3)  // its lock is held, as a running server holds it
        #expect(try folder.recoverUnfinished().isEmpty)
        #expect(FileManager.default.fileExists(atPath: underWay.url.path))
        underWay.append(PerformanceEvent(time: 2, intent: .erase))
        let path = try underWay.finish(until: 2.5)
        #expect(try JSONDecoder().decode(PerformanceLog.self, from: Data(contentsOf: URL(fileURLWithPath: path))).events.count == 4)
    }
}
