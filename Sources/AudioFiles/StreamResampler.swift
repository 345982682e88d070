import CSoxr

/// Changes the sample rate of a sound that comes a block at a time (libsoxr's stream resampler, at its high
/// quality): each block continues the one before, with no seam between them. libsoxr holds back a little of
/// the output to look ahead; `finish()` ends the stream and gives it. Not shared between threads: its owner
/// keeps it behind its own lock.
public final class StreamResampler {
    public let inputRate: Int
    public let outputRate: Int
    public let channels: Int
    private let resampler: soxr_t

    /// A stream from `inputRate` to `outputRate` (1 Hz…1 MHz each), `channels` interleaved (1…64).
    public init(from inputRate: Int, to outputRate: Int, channels: Int) throws(AudioFileError) {
        guard (1...1_000_000).contains(inputRate), (1...1_000_000).contains(outputRate), (1...64).contains(channels) else {
            throw AudioFileError(.unsupported, "cannot resample \(channels) channels from \(inputRate) Hz to \(outputRate) Hz")
        }
        var error: soxr_error_t?
        var io = soxr_io_spec(SOXR_FLOAT32_I, SOXR_FLOAT32_I)
        var quality = soxr_quality_spec(UInt(SOXR_HQ), 0)
        guard let made = soxr_create(Double(inputRate), Double(outputRate), UInt32(channels), &error, &io, &quality, nil), error == nil else {
            throw AudioFileError(.unsupported, "cannot resample to \(outputRate) Hz: \(error.map { String(cString: $0) } ?? "libsoxr refused")")
        }
        self.inputRate = inputRate
        self.outputRate = outputRate
        self.channels = channels
        resampler = made
    }

    deinit { soxr_delete(resampler) }

    /// The next block (whole frames, interleaved) at the output rate: as much of it as the resampler gives
    /// now, the rest coming with the next blocks or `finish()`.
    public func process(_ samples: [Float]) throws(AudioFileError) -> [Float] {
        let frames = samples.count / channels
        return try samples.withUnsafeBufferPointer { input throws(AudioFileError) in
            try run(input: input.baseAddress.map { UnsafeRawPointer($0) }, frames: frames)
        }
    }

    /// Ends the stream: what the resampler still holds. It takes no more blocks after this.
    public func finish() throws(AudioFileError) -> [Float] {
        try run(input: nil, frames: 0)
    }

    /// Feeds `frames` frames at `input` (nil: the end of the stream) and collects all the output there is.
    private func run(input: UnsafeRawPointer?, frames: Int) throws(AudioFileError) -> [Float] {
        var output: [Float] = []
        var consumed = 0
        let room = max(1024, Int((Double(frames) * Double(outputRate) / Double(inputRate)).rounded(.up)) + 64)
        var block = [Float](repeating: 0, count: room * channels)
        while true {
            var used = 0
            var made = 0
            let offered = input.map { $0 + consumed * channels * MemoryLayout<Float>.size }
            let error = block.withUnsafeMutableBufferPointer { out in
                soxr_process(resampler, offered, frames - consumed, &used, out.baseAddress, room, &made)
            }
            if let error { throw AudioFileError(.unsupported, "cannot resample to \(outputRate) Hz: \(String(cString: error))") }
            consumed += used
            output += block.prefix(made * channels)
            // Done when all the input is taken and the output did not fill the room (no more is waiting); at
            // the end of the stream, when nothing more comes out.
            if input == nil ? made == 0 : (consumed >= frames && made < room) { return output }
        }
    }
}
