import Foundation
import ImageFiles
import Instrument
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The folder recordings are kept in: each recording a performance log (`performance-<when>.json`, for
/// `imager render performance`), and, while one is under way, its journal (`performance-<when>.journal`).
/// A journal left behind by a crash is closed into its log by `recoverUnfinished`, holding everything that
/// had been flushed — at most a second short of the crash.
public struct RecordingFolder: Sendable {
    public static let journalExtension = "journal"

    public let url: URL

    public init(_ url: URL) {
        self.url = url
    }

    /// Starts the journal of a recording that begins as `start` says (its checkpoint, no events yet),
    /// creating the folder if need be; named for when it starts, or, as the next part of the set whose last
    /// part was saved at `previous`, after it (`RecordingSet`).
    public func begin(_ start: PerformanceLog, following previous: URL? = nil, at date: Date = .now) throws(RecordingError) -> PerformanceJournal {
        do {
            if !FileManager.default.fileExists(atPath: url.path) {
                try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
                try DurableFile.syncFolder(url.deletingLastPathComponent().path)  // the new folder's entry too
            }
        } catch {
            throw RecordingError("cannot make the recordings folder \(url.path)", cause: error)
        }
        let first = previous.map { RecordingSet.name(ofPartAfter: $0) } ?? Self.name(startedAt: date)
        var name = first
        // Two recordings started in the same millisecond (or a log left from before) keep apart: a part by
        // taking the next number free, a recording by a number of its own.
        var number = 1
        while FileManager.default.fileExists(atPath: file(name, "json").path)
            || FileManager.default.fileExists(atPath: file(name, Self.journalExtension).path)
        {
            number += 1
            if previous != nil {
                name = RecordingSet.name(ofPartAfter: file(name, "json"))
            } else {
                name = first + "-\(number)"
            }
        }
        return try PerformanceJournal(creating: file(name, Self.journalExtension), becoming: file(name, "json"), start: start)
    }

    /// Closes every journal a crash left in the folder into its performance log and removes it. A journal
    /// another process is still writing (it holds its lock) is left alone. One that cannot be closed does
    /// not stop the others: an unreadable one is renamed `….damaged` and kept for the performer, one that
    /// cannot be saved (a full disk) stays where it is, to be tried again at the next start.
    public func recoverUnfinished() throws(RecordingError) -> [JournalRecovery] {
        let names: [String]
        do {
            guard FileManager.default.fileExists(atPath: url.path) else { return [] }
            names = try FileManager.default.contentsOfDirectory(atPath: url.path)
        } catch {
            throw RecordingError("cannot read the recordings folder \(url.path)", cause: error)
        }
        var outcomes: [JournalRecovery] = []
        for name in names.sorted() where name.hasSuffix("." + Self.journalExtension) && !name.hasPrefix(".") {
            let journal = url.appendingPathComponent(name)
            let log = journal.deletingPathExtension().appendingPathExtension("json")
            let descriptor: Int32
            do {
                descriptor = try DurableFile.open(journal.path, flags: O_RDONLY)
                guard try DurableFile.lockExclusively(descriptor) else {
                    DurableFile.close(descriptor)
                    continue  // a recording under way in another `imager serve`
                }
            } catch {
                outcomes.append(.notClosed(journal: journal, RecordingError("cannot open the recording's journal \(journal.path)", cause: error)))
                continue
            }
            defer { DurableFile.close(descriptor) }
            do {
                outcomes.append(.closed(try Self.close(journal: journal, into: log)))
            } catch where error.unreadable {
                let damaged = journal.appendingPathExtension("damaged")
                do {
                    try FileManager.default.moveItem(at: journal, to: damaged)
                    outcomes.append(.setAside(damaged: damaged, error))
                } catch {
                    outcomes.append(.notClosed(journal: journal, RecordingError("cannot set aside \(journal.path)", cause: error)))
                }
            } catch {
                outcomes.append(.notClosed(journal: journal, error))
            }
        }
        // What was heard, once its journal is closed (a journal still there is under way elsewhere, or not
        // closed yet: its sound waits with it).
        for name in names.sorted() where name.hasSuffix("." + HeardSoundJournal.fileExtension) && !name.hasPrefix(".") {
            let heard = url.appendingPathComponent(name)
            let stem = heard.deletingPathExtension()
            guard !FileManager.default.fileExists(atPath: stem.appendingPathExtension(Self.journalExtension).path) else { continue }
            do {
                try HeardSoundJournal.close(journal: heard, into: stem.appendingPathExtension("flac"))
            } catch {
                outcomes.append(.notClosed(journal: heard, error))
            }
        }
        return outcomes
    }

    /// Reads a journal, writes the performance log it holds (everything up to its last whole line)
    /// atomically at `log`, and removes the journal.
    static func close(journal: URL, into log: URL) throws(RecordingError) -> SavedRecording {
        let bytes: Data
        do {
            bytes = try Data(contentsOf: journal, options: .mappedIfSafe)
        } catch {
            throw RecordingError("cannot read the recording's journal \(journal.path)", cause: error)
        }
        guard bytes.count <= PerformanceLog.maximumFileBytes else {
            throw RecordingError("the recording's journal \(journal.path) is larger than \(PerformanceLog.maximumFileBytes >> 20) MB; it is left as it is")
        }
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true).makeIterator()
        let decoder = JSONDecoder()
        guard let first = lines.next() else {
            throw RecordingError("the recording's journal \(journal.path) is empty: it was cut off before it began", unreadable: true)
        }
        var performance: PerformanceLog
        do {
            guard case .start(let start) = try decoder.decode(JournalLine.self, from: first) else {
                throw RecordingError("its first line is not its start")
            }
            performance = start
        } catch {
            throw RecordingError("the recording's journal \(journal.path) cannot be read", cause: error, unreadable: true)
        }
        var events: [PerformanceEvent] = []
        var until = performance.recordedFrom
        // A crash can cut the last line short, and a failed write whose cut failed too can leave a torn line
        // before others: a line that does not read is skipped, everything else kept.
        for line in IteratorSequence(lines) {
            guard let entry = try? decoder.decode(JournalLine.self, from: line) else { continue }
            switch entry {
            case .event(let event): events.append(event)
            case .until(let time): until = max(until, time)
            case .start: break
            }
        }
        let kept = performance.appendWhileValid(events)
        let problem = keepHearings(besideLog: log, in: &performance)
        performance.recordedUntil = max(until, performance.duration, performance.recordedFrom)
        do {
            try AtomicFile.write(try performance.fileContents(), to: log)
            try FileManager.default.removeItem(at: journal)
            try DurableFile.syncFolder(journal.deletingLastPathComponent().path)
        } catch {
            throw RecordingError("cannot save the recording \(log.path)", cause: error)
        }
        return SavedRecording(log: log, events: kept, until: performance.recordedUntil ?? until, problem: problem)
    }

    /// Names in `performance` the hearings kept beside its log, as many as its events were played among
    /// (a journal cut short keeps fewer events than its hearings knew of). Hearings that cannot be read
    /// never cost the events: the log is kept without them, and why is returned.
    static func keepHearings(besideLog log: URL, in performance: inout PerformanceLog) -> String? {
        let url = log.deletingPathExtension().appendingPathExtension(HearingsJournal.fileExtension)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        do {
            let hearings = try Hearings(try HearingsJournal.read(url)).prefix(throughPosition: performance.events.count)
            try performance.play(hearings)
            try performance.keepsHearings(in: url.lastPathComponent, count: hearings.count)
            return nil
        } catch {
            return "what was heard while \(log.lastPathComponent) was recorded cannot be read (\(error)): it replays without the light that followed the sound"
        }
    }

    private func file(_ name: String, _ pathExtension: String) -> URL {
        url.appendingPathComponent(name).appendingPathExtension(pathExtension)
    }

    /// `performance-2026-11-22T15-30-00.123Z`: sortable, and safe in any file system.
    static func name(startedAt date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return "performance-\(formatter.string(from: date).replacingOccurrences(of: ":", with: "-"))"
    }
}
