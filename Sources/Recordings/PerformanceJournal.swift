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
    /// The open file and how many of its bytes are whole lines on the disk; held while writing, so that
    /// flushes and the finish come one at a time. Nil once finished.
    private let file: Mutex<(descriptor: Int32, length: Int)?>
    /// What is heard while it records, when the instrument listens.
    private let sound = Mutex<HeardSoundJournal?>(nil)

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

    /// Queues an event played while recording.
    public func append(_ event: PerformanceEvent) {
        // Every event the engine applied is finite and valid, so it always encodes; one that did not is
        // left out of the recording rather than stop the performance, and the next flush says so.
        let line: [UInt8]
        do {
            line = try Self.encode(.event(event))
        } catch {
            queue.withLock { queue in queue.unwritten = queue.unwritten ?? error }
            return
        }
        queue.withLock { queue in
            if !queue.finished { queue.lines += line }
        }
    }

    /// Writes the queued lines and the moment `until` reached, and waits for the disk to hold them. When
    /// that fails, the file is cut back to its last whole line and the lines stay queued for the next try.
    public func flush(until: Double) throws(RecordingError) {
        try file.withLock { (open: inout (descriptor: Int32, length: Int)?) throws(RecordingError) in
            guard open != nil else { return }
            try write(until: until, to: &open!)
        }
        try sound.withLock { $0 }?.flush()
    }

    /// Flushes, closes the journal into the recording's performance log (ending at `until`) and removes the
    /// journal; the log's path.
    public func finish(until: Double) throws(RecordingError) -> String {
        try file.withLock { (open: inout (descriptor: Int32, length: Int)?) throws(RecordingError) in
            guard open != nil else { return }
            try write(until: until, to: &open!)
            queue.withLock { $0.finished = true }
            DurableFile.close(open!.descriptor)
            open = nil
        }
        let saved = try RecordingFolder.close(journal: url, into: logURL).log.path
        try sound.withLock { $0 }?.finish(into: soundURL)
        return saved
    }

    private func write(until: Double, to open: inout (descriptor: Int32, length: Int)) throws(RecordingError) {
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
        if let unwritten { throw RecordingError("an event was left out of the recording \(url.path)", cause: unwritten) }
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
