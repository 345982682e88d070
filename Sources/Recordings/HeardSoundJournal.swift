import AudioFiles
import Foundation
import ImageFiles
import Synchronization

/// What was heard while a recording ran, journaled beside the recording's journal as plainly as a sound can
/// be (`<journal>.heard`: a 16-byte header — "IPHEARD1", the rate and the channel count as little-endian
/// 32-bit numbers — then 32-bit float samples, interleaved), flushed and fsynced with the journal, so a crash
/// loses no more of it than of the journal. When the recording closes — or, after a crash, when the next start
/// closes it — it becomes a FLAC file named as the performance log is (`performance-….flac`), whose first
/// sample is the moment the recording began.
public final class HeardSoundJournal: Sendable {
    public static let fileExtension = "heard"
    static let magic = Array("IPHEARD1".utf8)
    /// The header's length in bytes.
    static let headerLength = 16
    /// Samples read at a time when the journal becomes FLAC.
    static let conversionBlockFrames = 48_000

    public let url: URL
    public let sampleRate: Int
    public let channels: Int
    private let queue = Mutex<[Float]>([])
    private let file: Mutex<(descriptor: Int32, length: Int)?>

    /// Starts the sound journal of the recording journaled at `journal`.
    init(beside journal: URL, sampleRate: Int, channels: Int) throws(RecordingError) {
        guard (8000...768_000).contains(sampleRate), (1...8).contains(channels) else {
            throw RecordingError("a sound of \(channels) channels at \(sampleRate) Hz cannot be kept")
        }
        url = journal.deletingPathExtension().appendingPathExtension(Self.fileExtension)
        self.sampleRate = sampleRate
        self.channels = channels
        let header = Self.magic + Self.littleEndian(UInt32(sampleRate)) + Self.littleEndian(UInt32(channels))
        let descriptor: Int32
        do {
            descriptor = try DurableFile.open(url.path, flags: O_WRONLY | O_CREAT | O_TRUNC | O_APPEND)
            try DurableFile.write(header, to: descriptor)
            try DurableFile.sync(descriptor)
            try DurableFile.syncFolder(url.deletingLastPathComponent().path)
        } catch {
            throw RecordingError("cannot keep what is heard in \(url.path)", cause: error)
        }
        file = Mutex((descriptor, header.count))
    }

    /// Queues interleaved samples (whole frames).
    public func append(_ samples: [Float]) {
        queue.withLock { $0 += samples }
    }

    /// Writes what is queued and waits for the disk to hold it.
    public func flush() throws(RecordingError) {
        try file.withLock { (open: inout (descriptor: Int32, length: Int)?) throws(RecordingError) in
            guard let (descriptor, length) = open else { return }
            let samples = queue.withLock { queue in defer { queue.removeAll(keepingCapacity: true) }; return queue }
            guard !samples.isEmpty else { return }
            let bytes = samples.withUnsafeBytes { Array($0) }
            do {
                try DurableFile.write(bytes, to: descriptor)
                try DurableFile.sync(descriptor)
            } catch {
                do { try DurableFile.truncate(descriptor, to: length) } catch {}
                queue.withLock { $0.insert(contentsOf: samples, at: 0) }
                throw RecordingError("cannot write what is heard to \(url.path)", cause: error)
            }
            open = (descriptor, length + bytes.count)
        }
    }

    /// Flushes, and turns the journal into the FLAC file `sound`; the journal is removed.
    func finish(into sound: URL) throws(RecordingError) {
        try flush()
        file.withLock { open in
            if let (descriptor, _) = open { DurableFile.close(descriptor) }
            open = nil
        }
        try Self.close(journal: url, into: sound)
    }

    /// Turns a sound journal (a crash's, or one just finished) into the FLAC file `sound`, a block at a time,
    /// up to its last whole frame, and removes it.
    static func close(journal: URL, into sound: URL) throws(RecordingError) {
        guard let handle = FileHandle(forReadingAtPath: journal.path) else {
            throw RecordingError("cannot read what was heard, \(journal.path)")
        }
        defer { try? handle.close() }
        let header = (try? handle.read(upToCount: headerLength)) ?? Data()
        guard header.count == headerLength, Array(header.prefix(8)) == magic else {
            throw RecordingError("\(journal.path) is not what a recording heard", unreadable: true)
        }
        let rate = Int(Self.uint32(header, at: 8)), channels = Int(Self.uint32(header, at: 12))
        do {
            let writer = try AudioFileWriter(url: sound, sampleRate: rate, channels: channels)
            let blockBytes = conversionBlockFrames * channels * 4
            while let data = try handle.read(upToCount: blockBytes), !data.isEmpty {
                let whole = data.count / (channels * 4) * channels
                let samples = data.withUnsafeBytes { raw in Array(raw.bindMemory(to: Float.self).prefix(whole)) }
                try samples.withUnsafeBufferPointer { try writer.write($0) }
                if data.count < blockBytes { break }
            }
            try writer.close()
            try FileManager.default.removeItem(at: journal)
        } catch {
            throw RecordingError("cannot turn what was heard into \(sound.path)", cause: error)
        }
    }

    private static func littleEndian(_ value: UInt32) -> [UInt8] { withUnsafeBytes(of: value.littleEndian) { Array($0) } }

    private static func uint32(_ data: Data, at offset: Int) -> UInt32 {
        data.subdata(in: offset..<(offset + 4)).withUnsafeBytes { UInt32(littleEndian: $0.loadUnaligned(as: UInt32.self)) }
    }

    deinit {
        file.withLock { open in if let (descriptor, _) = open { DurableFile.close(descriptor) } }
    }
}
