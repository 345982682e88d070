import Audio
import Foundation
import Synchronization

/// A sound played as if it were an input — a rehearsal with the band's recording, or a test's made-up
/// sound: its blocks are delivered in real time on a thread of its own, over and over until stopped.
public final class PacedSoundInput: Sendable {
    public let name: String
    public let sampleRate: Int
    public let channelCount: Int
    public let bufferFrames: Int
    private let sound: AudioBuffer
    /// Which start is playing: a thread plays while its own start is the latest.
    private let playing = Generation()

    private final class Generation: Sendable {
        let value = Atomic<Int>(0)
    }

    /// `sound`, delivered `bufferFrames` frames at a time; `name` says what it is ("file: set.wav").
    public init(_ sound: AudioBuffer, name: String, bufferFrames: Int = 256) {
        self.sound = sound
        self.name = name
        sampleRate = sound.sampleRate
        channelCount = sound.channelCount
        self.bufferFrames = max(1, bufferFrames)
    }

    public func start(
        deliver: @escaping @Sendable (UnsafeBufferPointer<Float>) -> Void, failed: @escaping @Sendable (String) -> Void
    ) throws {
        let run = playing.value.add(1, ordering: .sequentiallyConsistent).newValue
        let sound = sound, frames = bufferFrames
        let thread = Thread { [playing] in
            let start = ContinuousClock.now
            let blockSeconds = Double(frames) / Double(sound.sampleRate)
            var block = 0
            var offset = 0
            sound.samples.withUnsafeBufferPointer { samples in
                while playing.value.load(ordering: .relaxed) == run {
                    let count = min(frames, sound.frameCount - offset) * sound.channelCount
                    deliver(UnsafeBufferPointer(rebasing: samples[(offset * sound.channelCount)..<(offset * sound.channelCount + count)]))
                    offset += count / sound.channelCount
                    if offset >= sound.frameCount { offset = 0 }
                    block += 1
                    // Paced by the blocks delivered since the start, so the pace never drifts.
                    let due = start.advanced(by: .seconds(Double(block) * blockSeconds))
                    let wait = ContinuousClock.now.duration(to: due)
                    if wait > .zero { Thread.sleep(forTimeInterval: Double(wait.components.seconds) + Double(wait.components.attoseconds) * 1e-18) }
                }
            }
        }
        thread.name = "imager listening: \(name)"
        thread.qualityOfService = .userInteractive
        thread.start()
    }

    public func stop() {
        playing.value.add(1, ordering: .sequentiallyConsistent)
    }

    /// A recording's silences are its own: digital silence never means it is lost.
    public var saysDigitalSilence: Bool { false }

    deinit { stop() }
}
