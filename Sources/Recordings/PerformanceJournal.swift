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
    /// The open file; held while writing, so that flushes and the finish come one at a time.
    private let file: Mutex<Int32?>

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
        file = Mutex(descriptor)
        do {
            try DurableFile.write(try Self.encode(.start(start)), to: descriptor)
            try DurableFile.sync(descriptor)
            try DurableFile.syncFolder(url.deletingLastPathComponent().path)
        } catch {
            DurableFile.close(descriptor)
            try? FileManager.default.removeItem(at: url)  // a journal without its start is no recording
            throw RecordingError("cannot start a recording in \(url.path)", cause: error)
        }
    }

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

    /// Writes the queued lines and the moment `until` reached, and waits for the disk to hold them.
    public func flush(until: Double) throws(RecordingError) {
        try file.withLock { (descriptor: inout Int32?) throws(RecordingError) in
            guard let open = descriptor else { return }
            try write(until: until, to: open)
        }
    }

    /// Flushes, closes the journal into the recording's performance log (ending at `until`) and removes the
    /// journal; the log's path.
    public func finish(until: Double) throws(RecordingError) -> String {
        try file.withLock { (descriptor: inout Int32?) throws(RecordingError) in
            guard let open = descriptor else { return }
            queue.withLock { $0.finished = true }
            defer {
                DurableFile.close(open)
                descriptor = nil
            }
            try write(until: until, to: open)
        }
        return try RecordingFolder.close(journal: url, into: logURL).log.path
    }

    private func write(until: Double, to descriptor: Int32) throws(RecordingError) {
        var (lines, unwritten) = queue.withLock { queue in
            defer {
                queue.lines.removeAll(keepingCapacity: true)
                queue.unwritten = nil
            }
            return (queue.lines, queue.unwritten)
        }
        do {
            lines += try Self.encode(.until(until))
            try DurableFile.write(lines, to: descriptor)
            try DurableFile.sync(descriptor)
        } catch {
            throw RecordingError("cannot write the recording to \(url.path)", cause: error)
        }
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
