import Foundation
import ImageFiles
import Instrument
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The journal of one recording under way: a file in the recordings folder, appended to as the
/// performance is played. `append` only queues an encoded line in memory (the engine calls it for each
/// intent and must never wait for a disk); `flush` writes what is queued and fsyncs it; `finish` turns the
/// journal into the recording's performance log and removes it.
public final class PerformanceJournal: Sendable {
    /// The journal file, and the log file it becomes.
    public let url: URL
    let logURL: URL
    /// Lines encoded but not yet written, whether the journal was finished, and the first event that could
    /// not be encoded since the last flush (which the next flush reports).
    private let queue = Mutex<(lines: [UInt8], finished: Bool, unwritten: RecordingError?)>(([], false, nil))
    /// The most bytes of lines held in memory while the disk has not taken them — far more than the busiest
    /// few seconds of playing, strokes and all; only a disk that stalls or fails reaches it. Lines beyond are
    /// dropped and counted, and the next flush that writes says so.
    public static let queueLimit = 4 << 20
    /// Events dropped since the last flush that wrote, because the queue was full.
    private let dropped = Atomic<Int>(0)
    /// The open file and how many of its bytes are whole lines on the disk; held while writing, so that
    /// flushes and the finish come one at a time. Nil once finished.
    private let file: Mutex<(descriptor: Int32, length: Int)?>
    /// What is heard while it records, when the instrument listens.
    private let sound = Mutex<HeardSoundJournal?>(nil)
    /// The hearings (`heard` intents) played while it records, kept beside it rather than in it
    /// (`HearingsJournal`, started at the first), and how many events went into the journal before each.
    private let hearings = Mutex<(journal: HearingsJournal?, events: Int, failed: RecordingError?)>((nil, 0, nil))

    /// Creates the journal at `url` with its first line, `start`, written and on the disk.
    init(creating url: URL, becoming logURL: URL, start: PerformanceLog) throws(RecordingError) {
        self.url = url
        self.logURL = logURL
        let descriptor: Int32
        do {
            descriptor = try DurableFile.open(url.path, flags: O_WRONLY | O_CREAT | O_EXCL | O_APPEND)
        } catch {
            throw RecordingError("cannot start a recording in \(url.deletingLastPathComponent().path)", cause: error)
        }
        let first: [UInt8]
        do {
            // Locked while it is written to, so that no other server's start takes it for a crash's.
            guard try DurableFile.lockExclusively(descriptor) else { throw RecordingError("another process holds it") }
            first = try Self.encode(.start(start))
            try DurableFile.write(first, to: descriptor)
            try DurableFile.sync(descriptor)
            try DurableFile.syncFolder(url.deletingLastPathComponent().path)
        } catch {
            DurableFile.close(descriptor)
            try? FileManager.default.removeItem(at: url)  // a journal without its start is no recording
            throw RecordingError("cannot start a recording in \(url.path)", cause: error)
        }
        file = Mutex((descriptor, first.count))
    }

    /// Starts keeping what is heard beside the journal (`HeardSoundJournal`): flushed with it, and made FLAC
    /// beside the log when it finishes. The sound's first sample is the recording's first moment.
    public func keepSound(sampleRate: Int, channels: Int) throws(RecordingError) -> HeardSoundJournal {
        if let kept = sound.withLock({ $0 }) { return kept }
        let kept = try HeardSoundJournal(beside: url, sampleRate: sampleRate, channels: channels)
        sound.withLock { $0 = kept }
        return kept
    }

    /// Where the sound heard goes once the recording is closed.
    var soundURL: URL { logURL.deletingPathExtension().appendingPathExtension("flac") }

    /// Where the hearings go once the recording is closed: beside the log, named as it is.
    var hearingsURL: URL { logURL.deletingPathExtension().appendingPathExtension(HearingsJournal.fileExtension) }

    /// Queues an event played while recording: a hearing the listening made goes to the hearings beside the
    /// journal, with how many events came before it; every other event is a line of the journal. Which it was.
    @discardableResult
    public func append(_ event: PerformanceEvent) -> RecordedAs {
        if case .heard(let heard) = event.intent, keep(heard, at: event.time) { return .hearing }
        hearings.withLock { $0.events += 1 }
        appendLine(event)
        return .event
    }

    /// Queues an event as a line of the journal (while the queue has room: else it is dropped and counted).
    private func appendLine(_ event: PerformanceEvent) {
        // Every event the engine applied is finite and valid, so it always encodes; one that did not is
        // left out of the recording rather than stop the performance, and the next flush says so.
        let line: [UInt8]
        do {
            line = try Self.encode(.event(event))
        } catch {
            queue.withLock { queue in queue.unwritten = queue.unwritten ?? error }
            return
        }
        let kept = queue.withLock { queue in
            guard !queue.finished else { return true }
            guard queue.lines.count + line.count <= Self.queueLimit else { return false }
            queue.lines += line
            return true
        }
        if !kept { dropped.add(1, ordering: .relaxed) }
    }

    /// How many bytes of lines wait for the disk now: never more than `queueLimit`.
    public var queuedBytes: Int { queue.withLock { $0.lines.count } }

    /// Keeps a hearing beside the journal; false when it must be a line of the journal instead (a record
    /// does not hold it exactly, or the hearings' file cannot be started: the hearing is then not lost).
    private func keep(_ heard: Heard, at time: Double) -> Bool {
        hearings.withLock { hearings in
            guard hearings.failed == nil, let record = HeardRecord(heard, time: time, position: hearings.events) else { return false }
            if hearings.journal == nil {
                do throws(RecordingError) { hearings.journal = try HearingsJournal(at: hearingsURL) } catch {
                    hearings.failed = error
                    return false
                }
            }
            hearings.journal?.append(record)
            return true
        }
    }

    /// Writes the queued lines and the moment `until` reached, and waits for the disk to hold them. When
    /// that fails, the file is cut back to its last whole line and the lines stay queued (within
    /// `queueLimit`); the live instrument then stops the recording (`finishAsWritten`).
    /// What was left out of the recording since the last flush (events, hearings or sound the disk did not
    /// take in time), a line each, is returned once what could be kept is written: the recording goes on.
    @discardableResult
    public func flush(until: Double) throws(RecordingError) -> [String] {
        var notices = try file.withLock { (open: inout (descriptor: Int32, length: Int)?) throws(RecordingError) -> [String] in
            guard open != nil else { return [] }
            return try write(until: until, to: &open!)
        }
        if let notice = try hearings.withLock({ $0.journal })?.flush() { notices.append(notice) }
        notices += try sound.withLock { $0 }?.flush() ?? []
        return notices
    }

    /// Flushes, closes the journal into the recording's performance log (ending at `until`) and removes the
    /// journal; the log's path.
    public func finish(until: Double) throws(RecordingError) -> String {
        // The hearings first, whole on the disk: closing the journal reads how many there are.
        try hearings.withLock { $0.journal }?.finish()
        try file.withLock { (open: inout (descriptor: Int32, length: Int)?) throws(RecordingError) in
            guard open != nil else { return }
            try write(until: until, to: &open!)  // what was left out is in the log's count already: not said again
            queue.withLock { $0.finished = true }
            DurableFile.close(open!.descriptor)
            open = nil
        }
        let saved = try RecordingFolder.close(journal: url, into: logURL).log.path
        try sound.withLock { $0 }?.finish(into: soundURL)
        return saved
    }

    /// Closes a journal whose disk failed (a flush or a finish threw) with what reached the disk: what is
    /// queued is let go, every file is closed, the journal becomes the recording's performance log (up to its
    /// last whole line and the last moment flushed) and the sound journal its FLAC; the log's path, and what
    /// of the sound could not be kept now. On a full disk the light comes first: the sound's last seconds are
    /// given up to make room for the log, and a sound that cannot be closed now stays for the next start.
    /// Should the log fail too, what is left stays on the disk, closed, for the next start to close
    /// (`RecordingFolder.recoverUnfinished`). Whatever of it a failed `finish` did already is not done again.
    public func finishAsWritten() throws(RecordingError) -> (log: String, leftOut: String?) {
        queue.withLock { queue in
            queue.finished = true
            queue.lines = []
        }
        // The hearings' last records may not reach the disk either: closing the journal keeps as many of
        // them as there are events, and the failure that brought us here is the one said.
        do { try hearings.withLock { $0.journal }?.finish() } catch {}
        file.withLock { open in
            if let (descriptor, _) = open { DurableFile.close(descriptor) }
            open = nil
        }
        let heard = sound.withLock { $0 }
        heard?.letGo()
        var leftOut: [String] = []
        if FileManager.default.fileExists(atPath: url.path) {
            do {
                _ = try RecordingFolder.close(journal: url, into: logURL)
            } catch {
                // Perhaps a full disk: room for the log, made from the end of the sound, then tried once more.
                guard error.isFullDisk, let heard, let given = heard.giveUpTail(toMakeRoomFor: url) else { throw error }
                _ = try RecordingFolder.close(journal: url, into: logURL)
                leftOut.append("its last \(given) s of sound were given up to make room for its log")
            }
        }
        if let heard, FileManager.default.fileExists(atPath: heard.url.path) {
            do {
                try HeardSoundJournal.close(journal: heard.url, into: soundURL)
            } catch {
                leftOut.append("its sound could not be closed now and stays in \(heard.url.lastPathComponent), for the next start to close (\(error))")
            }
        }
        return (logURL.path, leftOut.isEmpty ? nil : leftOut.joined(separator: "; "))
    }

    deinit {
        file.withLock { open in if let (descriptor, _) = open { DurableFile.close(descriptor) } }
    }

    @discardableResult
    private func write(until: Double, to open: inout (descriptor: Int32, length: Int)) throws(RecordingError) -> [String] {
        let (lines, unwritten) = queue.withLock { queue in
            defer { queue.unwritten = nil }
            return (queue.lines, queue.unwritten)
        }
        var bytes = lines
        do {
            bytes += try Self.encode(.until(until))
            try DurableFile.write(bytes, to: open.descriptor)
            try DurableFile.sync(open.descriptor)
        } catch {
            // Rewritten next time rather than synced again: after a failed fsync the system may have
            // dropped the pages it could not write. Should the cut fail too, the reader skips a torn line.
            do { try DurableFile.truncate(open.descriptor, to: open.length) } catch {}
            throw RecordingError("cannot write the recording to \(url.path)", cause: error)
        }
        open.length += bytes.count
        queue.withLock { $0.lines.removeFirst(lines.count) }
        var notices: [String] = []
        let lost = dropped.exchange(0, ordering: .relaxed)
        if lost > 0 { notices.append("the disk did not take the recording in time: \(lost) events played were left out of \(url.lastPathComponent)") }
        if let unwritten { notices.append(RecordingError("an event was left out of the recording \(url.lastPathComponent)", cause: unwritten).description) }
        return notices
    }

    /// A journal line as bytes, ending in a newline.
    static func encode(_ line: JournalLine) throws(RecordingError) -> [UInt8] {
        do {
            return Array(try JSONEncoder().encode(line)) + [UInt8(ascii: "\n")]
        } catch {
            throw RecordingError("a recording's line could not be written as JSON", cause: error)
        }
    }
}
