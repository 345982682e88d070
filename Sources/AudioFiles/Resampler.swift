import Audio
import CSoxr

/// Changes a sound's sample rate with libsoxr at its high quality, so that every sound a performance mixes is
/// at the performance's rate.
public enum Resampler {
    /// `buffer` at `rate` frames per second (the buffer itself when it is at that rate already).
    public static func resample(_ buffer: AudioBuffer, to rate: Int) throws(AudioFileError) -> AudioBuffer {
        guard buffer.sampleRate != rate else { return buffer }
        guard (1...1_000_000).contains(rate) else { throw AudioFileError(.unsupported, "a sample rate is 1 Hz…1 MHz, not \(rate)") }
        let channels = buffer.channelCount
        let outputFrames = Int((Double(buffer.frameCount) * Double(rate) / Double(buffer.sampleRate)).rounded(.up))
        guard outputFrames * channels <= AudioFile.mostSamples else {
            throw AudioFileError(.tooLarge, "the sound would be longer than the library keeps at \(rate) Hz")
        }
        var output = [Float](repeating: 0, count: outputFrames * channels)
        var done = 0
        var io = soxr_io_spec(SOXR_FLOAT32_I, SOXR_FLOAT32_I)
        var quality = soxr_quality_spec(UInt(SOXR_HQ), 0)
        let error = buffer.samples.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                soxr_oneshot(
                    Double(buffer.sampleRate), Double(rate), UInt32(channels),
                    input.baseAddress, buffer.frameCount, nil,
                    out.baseAddress, outputFrames, &done,
                    &io, &quality, nil)
            }
        }
        if let error { throw AudioFileError(.unsupported, "cannot resample to \(rate) Hz: \(String(cString: error))") }
        guard let resampled = AudioBuffer(sampleRate: rate, channelCount: channels, samples: Array(output.prefix(done * channels))) else {
            throw AudioFileError(.unsupported, "resampling to \(rate) Hz gave no sound")
        }
        return resampled
    }
}
