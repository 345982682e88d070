import CFFTW
import Foundation

/// A Hann-windowed real FFT of a fixed size through FFTW (single precision), giving each bin's power. Its
/// buffers are made once: taking a spectrum allocates nothing, so it can run on an audio thread.
final class PowerSpectrum {
    let size: Int
    /// |X_k|² for k in 0…size/2.
    let power: UnsafeMutableBufferPointer<Float>
    private let input: UnsafeMutablePointer<Float>
    private let output: UnsafeMutablePointer<fftwf_complex>
    private let window: UnsafeMutableBufferPointer<Float>
    private let plan: fftwf_plan
    /// Σ w², which turns band power back into an RMS level.
    let windowEnergy: Float

    /// FFTW_ESTIMATE (a macro Swift does not import): plan by rule of thumb, at once, without timing runs.
    private static let estimate: UInt32 = 1 << 6
    /// FFTW's planner is not thread-safe: plans are made one at a time.
    private static let planning = NSLock()

    init(size: Int) {
        precondition(size >= 64 && size & (size - 1) == 0, "the spectrum's size is a power of two")
        self.size = size
        input = fftwf_alloc_real(size)!
        output = fftwf_alloc_complex(size / 2 + 1)!
        power = .allocate(capacity: size / 2 + 1)
        power.initialize(repeating: 0)
        window = .allocate(capacity: size)
        var energy: Float = 0
        for n in 0..<size {
            let w = 0.5 - 0.5 * Float(cos(2 * Double.pi * Double(n) / Double(size)))
            window[n] = w
            energy += w * w
        }
        windowEnergy = energy
        Self.planning.lock()
        plan = fftwf_plan_dft_r2c_1d(Int32(size), input, output, Self.estimate)!
        Self.planning.unlock()
    }

    /// Takes the spectrum of the `size` samples ending at `end` in `ring` (a circular buffer of `ring.count`
    /// samples, a multiple of `size`).
    func take(from ring: UnsafeMutableBufferPointer<Float>, endingAt end: Int) {
        let count = ring.count
        var index = (end - size) % count
        if index < 0 { index += count }
        for n in 0..<size {
            input[n] = ring[index] * window[n]
            index += 1
            if index == count { index = 0 }
        }
        fftwf_execute(plan)
        let bins = UnsafeMutableRawPointer(output).assumingMemoryBound(to: Float.self)
        for k in 0...(size / 2) {
            let re = bins[2 * k], im = bins[2 * k + 1]
            power[k] = re * re + im * im
        }
    }

    /// The RMS level of the bins `range` carries (one-sided, by Parseval).
    func rmsLevel(of range: Range<Int>) -> Float {
        var sum: Float = 0
        for k in range { sum += power[k] }
        return (2 * sum / (Float(size) * windowEnergy)).squareRoot()
    }

    deinit {
        Self.planning.lock()
        fftwf_destroy_plan(plan)
        Self.planning.unlock()
        fftwf_free(input)
        fftwf_free(output)
        power.deallocate()
        window.deallocate()
    }
}
