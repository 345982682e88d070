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
///
/// The journal keeps one rate and one channel count, the first input's; a stretch heard from an input at
/// another rate is resampled to it (libsoxr, continuing from block to block), and one with other channels is
/// mixed down or spread up to its channels, so the FLAC's time is the recording's whatever the inputs were.
/// It holds at most `queuedSeconds` of sound in memory while the disk has not taken it: what comes beyond
/// is dropped and counted, written as silence when the disk takes sound again (so the sound stays in step
/// with the light), and said by that flush.
public final class HeardSoundJournal: Sendable {
    public static let fileExtension = "heard"
    static let magic = Array("IPHEARD1".utf8)
    /// The header's length in bytes.
    static let headerLength = 16
    /// Samples read at a time when the journal becomes FLAC.
    static let conversionBlockFrames = 48_000
    /// The most sound held in memory, in seconds at the journal's rate.
    public static let queuedSeconds = 5

    public let url: URL
    public let sampleRate: Int
    public let channels: Int
    private let queue = Mutex(Queue())
    /// The open file and how many of its bytes are the header and whole frames on the disk; held while
    /// writing, so that flushes come one at a time. Nil once finished or let go.
    private let file: Mutex<(descriptor: Int32, length: Int)?>

    /// What waits for the disk: silence ahead of the samples (an input's gap, held as a count), the samples,
    /// and silence after them (what did not fit).
    private struct Queue {
        /// Frames of silence before `samples`: written as zeros ahead of them, holding no memory.
        var gap = 0
        /// Samples at the journal's rate and channels, not yet written.
        var samples: [Float] = []
        /// Frames that did not fit behind `samples`: written as silence after them.
        var silence = 0
        /// Frames dropped since the last flush that wrote, and since the start.
        var droppedSinceFlush = 0
        var dropped = 0
        /// The stretch coming in: its rate, channel count and the resampler that brings it to the journal's
        /// rate (nil when it is at it).
        var stretch: (rate: Int, channels: Int, resampler: StreamResampler?)?
        /// A stretch that could not be converted (kept as silence), for the next flush to say.
        var problem: AudioFileError?
        /// Finished or let go: nothing more is taken.
        var closed = false
    }

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
        } catch {
            throw RecordingError("cannot keep what is heard in \(url.path)", cause: error)
        }
        do {
            try DurableFile.write(header, to: descriptor)
            try DurableFile.sync(descriptor)
            try DurableFile.syncFolder(url.deletingLastPathComponent().path)
        } catch {
            DurableFile.close(descriptor)
            throw RecordingError("cannot keep what is heard in \(url.path)", cause: error)
        }
        file = Mutex((descriptor, header.count))
    }

    deinit { letGo() }

    /// Queues interleaved samples (whole frames) at the journal's rate and channels.
    public func append(_ samples: [Float]) {
        append(samples, sampleRate: sampleRate, channels: channels)
    }

    /// Queues interleaved samples (whole frames) of `channels` channels at `sampleRate`, brought to the
    /// journal's rate and channels; a block continues the one before when it has the same rate and channels,
    /// and starts a new stretch otherwise (the last one's resampling ended first, nothing of it lost).
    public func append(_ samples: [Float], sampleRate rate: Int, channels count: Int) {
        guard count > 0, rate > 0 else { return }
        queue.withLock { queue in
            guard !queue.closed else { return }
            if queue.stretch.map({ $0.rate != rate || $0.channels != count }) ?? true {
                endStretch(&queue)
                do throws(AudioFileError) {
                    queue.stretch = (rate, count, rate == sampleRate ? nil : try StreamResampler(from: rate, to: sampleRate, channels: channels))
                } catch {
                    queue.stretch = (rate, count, nil)
                    queue.problem = queue.problem ?? error
                }
            }
            guard let stretch = queue.stretch else { return }
            let mixed = Self.mix(samples, from: count, to: channels)
            if stretch.rate == sampleRate {
                enqueue(mixed, &queue)
            } else if let resampler = stretch.resampler {
                do throws(AudioFileError) { enqueue(try resampler.process(mixed), &queue) } catch {
                    queue.problem = queue.problem ?? error
                    enqueueSilence(frames: mixed.count / channels * sampleRate / rate, &queue)
                }
            } else {
                enqueueSilence(frames: mixed.count / channels * sampleRate / rate, &queue)
            }
        }
    }

    /// Queues `frames` frames of silence at `rate` (an input that gave nothing for a while: the recording's sound
    /// stays in step with its light), brought to the journal's rate. Held as a count, not as samples: it takes
    /// none of the `queuedSeconds` of sound held for the disk, so no sound after it is dropped for it. Behind
    /// sound not yet written, it is queued as the sound is.
    public func appendSilence(frames: Int, sampleRate rate: Int) {
        guard frames > 0, rate > 0 else { return }
        queue.withLock { queue in
            guard !queue.closed else { return }
            endStretch(&queue)
            let count = Int((Double(frames) * Double(sampleRate) / Double(rate)).rounded())
            if queue.samples.isEmpty, queue.silence == 0 {
                queue.gap += count
            } else {
                enqueueSilence(frames: count, &queue)
            }
        }
    }

    /// Ends the stretch coming in: what its resampler still holds is queued.
    private func endStretch(_ queue: inout Queue) {
        guard let resampler = queue.stretch?.resampler else { return }
        queue.stretch = nil
        do throws(AudioFileError) { enqueue(try resampler.finish(), &queue) } catch { queue.problem = queue.problem ?? error }
    }

    /// Queues samples at the journal's format, as many as fit within `queuedSeconds`; the rest are dropped
    /// and counted, and become silence behind what is queued (so is everything after, until a flush writes).
    private func enqueue(_ samples: [Float], _ queue: inout Queue) {
        let frames = samples.count / channels
        var kept = 0
        if queue.silence == 0 {
            kept = min(frames, max(0, Self.queuedSeconds * sampleRate * channels - queue.samples.count) / channels)
            queue.samples += samples.prefix(kept * channels)
        }
        if kept < frames {
            queue.silence += frames - kept
            queue.droppedSinceFlush += frames - kept
            queue.dropped += frames - kept
        }
    }

    /// Queues `frames` frames of silence (for sound that could not be converted): as zeros while they fit,
    /// counted beyond (not dropped: there was no sound to drop).
    private func enqueueSilence(frames: Int, _ queue: inout Queue) {
        let room = queue.silence == 0 ? max(0, Self.queuedSeconds * sampleRate * channels - queue.samples.count) / channels : 0
        let zeros = min(frames, room)
        queue.samples += repeatElement(0, count: zeros * channels)
        queue.silence += frames - zeros
    }

    /// How many samples (all channels) wait for the disk now: never more than `queuedSeconds` of sound.
    public var queuedSamples: Int { queue.withLock { $0.samples.count } }

    /// How many frames were dropped since the start because the disk did not take them in time.
    public var droppedFrames: Int { queue.withLock { $0.dropped } }

    /// Writes what is queued and waits for the disk to hold it. When that fails, the file is cut back to its
    /// last whole frame and what was queued stays queued (within `queuedSeconds`). Frames dropped since the
    /// last flush, or a stretch that could not be resampled, are returned to be said once what could be kept
    /// is written: the recording goes on without them.
    @discardableResult
    public func flush() throws(RecordingError) -> [String] {
        try file.withLock { (open: inout (descriptor: Int32, length: Int)?) throws(RecordingError) -> [String] in
            guard let (descriptor, length) = open else { return [] }
            let (gap, samples, silence, dropped, problem) = queue.withLock { ($0.gap, $0.samples, $0.silence, $0.droppedSinceFlush, $0.problem) }
            guard gap > 0 || !samples.isEmpty || silence > 0 || problem != nil || dropped > 0 else { return [] }
            var written = 0
            do {
                written += try writeSilence(frames: gap, to: descriptor)
                if !samples.isEmpty {
                    let bytes = samples.withUnsafeBytes { Array($0) }
                    try DurableFile.write(bytes, to: descriptor)
                    written += bytes.count
                }
                written += try writeSilence(frames: silence, to: descriptor)
                try DurableFile.sync(descriptor)
            } catch {
                // As the journal's: cut back and written again, never synced again after a failed fsync.
                do { try DurableFile.truncate(descriptor, to: length) } catch {}
                throw RecordingError("cannot write what is heard to \(url.path)", cause: error)
            }
            open = (descriptor, length + written)
            // What was written leaves the queue — unless the journal was let go meanwhile (a recording stopped
            // while this flush waited for the disk), which emptied it already.
            queue.withLock { queue in
                queue.gap = max(0, queue.gap - gap)
                queue.samples.removeFirst(min(samples.count, queue.samples.count))
                queue.silence = max(0, queue.silence - silence)
                queue.droppedSinceFlush = max(0, queue.droppedSinceFlush - dropped)
                queue.problem = nil
            }
            var notices: [String] = []
            if let problem { notices.append(RecordingError("part of what was heard could not be kept in \(url.path)", cause: problem).description) }
            if dropped > 0 {
                let seconds = (Double(dropped) / Double(sampleRate) * 10).rounded() / 10
                notices.append("the disk did not take what was heard in time: \(seconds) s of it were dropped (kept as silence in \(url.lastPathComponent))")
            }
            return notices
        }
    }

    /// Writes `frames` frames of zeros, a second at a time; the bytes written.
    private func writeSilence(frames: Int, to descriptor: Int32) throws -> Int {
        var left = frames
        while left > 0 {
            let count = min(left, sampleRate)
            try DurableFile.write([UInt8](repeating: 0, count: count * channels * 4), to: descriptor)
            left -= count
        }
        return frames * channels * 4
    }

    /// Flushes, and turns the journal into the FLAC file `sound`; the journal is removed. The file is closed
    /// whatever happens; should it fail, the journal stays for the next start to close.
    func finish(into sound: URL) throws(RecordingError) {
        defer { letGo() }
        queue.withLock { queue in
            endStretch(&queue)
            queue.closed = true
        }
        try flush()
        letGo()
        try Self.close(journal: url, into: sound)
    }

    /// Lets go of what is queued and closes the file, without writing: what the disk holds is the journal,
    /// for `close(journal:into:)` to turn into FLAC (at once, or at the next start).
    func letGo() {
        queue.withLock { queue in
            queue.closed = true
            queue.gap = 0
            queue.samples = []
            queue.stretch = nil
            queue.silence = 0
        }
        file.withLock { open in
            if let (descriptor, _) = open { DurableFile.close(descriptor) }
            open = nil
        }
    }

    /// Interleaved frames of `from` channels as frames of `to` channels: the same when they agree; else each
    /// channel kept is the mean of the channels folded into it (channel `c` into `c % to`), or, with more
    /// channels than came, a copy of channel `c % from` (mono to stereo: both sides).
    static func mix(_ samples: [Float], from: Int, to: Int) -> [Float] {
        guard from != to else { return samples }
        let frames = samples.count / from
        var mixed = [Float](repeating: 0, count: frames * to)
        if from > to {
            let share = (0..<to).map { channel in 1 / Float((from - channel + to - 1) / to) }
            for frame in 0..<frames {
                for channel in 0..<from { mixed[frame * to + channel % to] += samples[frame * from + channel] }
                for channel in 0..<to { mixed[frame * to + channel] *= share[channel] }
            }
        } else {
            for frame in 0..<frames {
                for channel in 0..<to { mixed[frame * to + channel] = samples[frame * from + channel % from] }
            }
        }
        return mixed
    }

    /// Turns a sound journal (a crash's, or one just finished) into the FLAC file `sound`, a block at a time,
    /// up to its last whole frame, and removes it.
    /// Cuts the journal's last whole frames, closed, to free what the log of `journal` will take (three times
    /// its size and a megabyte, at most all of the sound): the seconds given up, rounded to a tenth; nil when
    /// there was nothing to give or it could not be cut.
    func giveUpTail(toMakeRoomFor journal: URL) -> Double? {
        // No size: nil, and the caller throws the full disk.
        guard let journalBytes = (try? FileManager.default.attributesOfItem(atPath: journal.path)[.size]) as? Int,
            let soundBytes = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size]) as? Int
        else { return nil }
        let frameBytes = channels * 4
        let frames = max(0, soundBytes - Self.headerLength) / frameBytes
        let given = min(frames, (journalBytes * 3 + (1 << 20) + frameBytes - 1) / frameBytes)
        guard given > 0 else { return nil }
        do {
            let descriptor = try DurableFile.open(url.path, flags: O_WRONLY)
            defer { DurableFile.close(descriptor) }
            try DurableFile.truncate(descriptor, to: Self.headerLength + (frames - given) * frameBytes)
            try DurableFile.sync(descriptor)
        } catch {
            return nil
        }
        return (Double(given) / Double(sampleRate) * 10).rounded() / 10
    }

    static func close(journal: URL, into sound: URL) throws(RecordingError) {
        guard let handle = FileHandle(forReadingAtPath: journal.path) else {
            throw RecordingError("cannot read what was heard, \(journal.path)")
        }
        defer { try? handle.close() }  // read only: closing it has nothing to report
        let header: Data
        do { header = try handle.read(upToCount: headerLength) ?? Data() } catch {
            throw RecordingError("cannot read what was heard, \(journal.path)", cause: error)
        }
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
}
