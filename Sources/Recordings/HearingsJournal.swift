import Foundation
import ImageFiles
import Instrument
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The hearings of a recording under way (`Hearings`), kept beside its log as they are played rather than in
/// it: `performance-….hearings`, an 8-byte header ("IPHEAR1" and a newline) then one 32-byte `HeardRecord` a
/// hearing, appended and fsynced with the journal. A hundred hearings a second are 11.5 MB an hour here, where
/// as JSON lines in the log they were 390 MB. The log names the file and how many it holds; a torn or damaged
/// record is skipped on reading, the rest kept.
public final class HearingsJournal: Sendable {
    public static let fileExtension = "hearings"
    static let header = Array("IPHEAR1\n".utf8)
    /// The most records held in memory while the disk does not take them (ten seconds' worth): beyond it
    /// they are dropped and counted, never grown.
    public static let queueLimit = 1_000

    public let url: URL
    private let queue = Mutex<(bytes: [UInt8], dropped: Int, droppedSinceFlush: Int)>(([], 0, 0))
    private let file: Mutex<(descriptor: Int32, length: Int)?>

    /// Starts the file at `url` (replacing what a failed earlier start left there), its header on the disk.
    init(at url: URL) throws(RecordingError) {
        self.url = url
        let descriptor: Int32
        do {
            descriptor = try DurableFile.open(url.path, flags: O_WRONLY | O_CREAT | O_TRUNC | O_APPEND)
        } catch {
            throw RecordingError("cannot keep what is heard in \(url.path)", cause: error)
        }
        do {
            try DurableFile.write(Self.header, to: descriptor)
            try DurableFile.sync(descriptor)
        } catch {
            DurableFile.close(descriptor)
            throw RecordingError("cannot keep what is heard in \(url.path)", cause: error)
        }
        file = Mutex((descriptor, Self.header.count))
    }

    /// Queues one record; dropped (and counted) when the disk has not taken the last ten seconds.
    func append(_ record: HeardRecord) {
        queue.withLock { queue in
            guard queue.bytes.count < Self.queueLimit * HeardRecord.size else {
                queue.dropped += 1
                queue.droppedSinceFlush += 1
                return
            }
            queue.bytes += record.bytes
        }
    }

    /// How many records were dropped because the disk did not take them.
    var dropped: Int { queue.withLock { $0.dropped } }

    /// Writes what is queued and waits for the disk to hold it; on failure the file is cut back to its last
    /// whole record and what was queued stays (within the limit) for the next try. What was dropped since the
    /// last flush that wrote, said once it is written (the recording goes on without it).
    @discardableResult
    func flush() throws(RecordingError) -> String? {
        try file.withLock { (open: inout (descriptor: Int32, length: Int)?) throws(RecordingError) -> String? in
            guard let (descriptor, length) = open else { return nil }
            let (bytes, dropped) = queue.withLock { ($0.bytes, $0.droppedSinceFlush) }
            guard !bytes.isEmpty || dropped > 0 else { return nil }
            do {
                try DurableFile.write(bytes, to: descriptor)
                try DurableFile.sync(descriptor)
            } catch {
                do { try DurableFile.truncate(descriptor, to: length) } catch {}
                throw RecordingError("cannot write what is heard to \(url.path)", cause: error)
            }
            queue.withLock { queue in
                queue.bytes.removeFirst(min(bytes.count, queue.bytes.count))
                queue.droppedSinceFlush = max(0, queue.droppedSinceFlush - dropped)
            }
            open = (descriptor, length + bytes.count)
            guard dropped > 0 else { return nil }
            return "the disk did not take what was heard in time: \(dropped) hearings (\((Double(dropped) / 100).formatted(.number.precision(.fractionLength(1)))) s) are missing from \(url.lastPathComponent), and the light that followed them from the replay"
        }
    }

    /// Flushes and closes the file.
    func finish() throws(RecordingError) {
        defer { close() }
        try flush()
    }

    private func close() {
        file.withLock { open in
            if let (descriptor, _) = open { DurableFile.close(descriptor) }
            open = nil
        }
    }

    deinit { close() }

    /// The records of the file at `url`, in order: the first `count` whole ones (all, when nil). A torn or
    /// damaged record is left out; the file's header must be there.
    public static func read(_ url: URL, count: Int? = nil) throws(RecordingError) -> [HeardRecord] {
        let data: Data
        do { data = try Data(contentsOf: url, options: .mappedIfSafe) } catch {
            throw RecordingError("cannot read what was heard, \(url.path)", cause: error)
        }
        guard data.count >= header.count, Array(data.prefix(header.count)) == header else {
            throw RecordingError("\(url.path) is not what a recording heard", unreadable: true)
        }
        let available = (data.count - header.count) / HeardRecord.size
        let wanted = min(available, count ?? available)
        var records: [HeardRecord] = []
        records.reserveCapacity(wanted)
        data.withUnsafeBytes { file in
            for index in 0..<available where records.count < wanted {
                let start = header.count + index * HeardRecord.size
                guard let record = HeardRecord(raw: UnsafeRawBufferPointer(rebasing: file[start..<(start + HeardRecord.size)])) else { continue }
                // A record out of order is damaged too.
                if let last = records.last, record.position < last.position || record.time < last.time { continue }
                records.append(record)
            }
        }
        return records
    }
}
