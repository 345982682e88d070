import Audio

/// A pair's performance as a pull-model audio source (seed 003): each `render` mixes the next frames of every
/// sound the arrangement plays there, stereo, sample-accurate, and moves on. It can be located anywhere and
/// loop a stretch. Rendering allocates nothing: everything it needs is made when it is created.
public struct Performance: AudioSource, Sendable {
    public let arrangement: Arrangement
    public var sampleRate: Int { arrangement.sampleRate }
    /// The next frame `render` writes.
    public private(set) var position = 0
    /// The frames played again and again once the position reaches their end; nil plays on (silence after
    /// the end).
    public private(set) var loop: Range<Int>?

    /// The sounds' samples, in the order of `soundIndices`.
    private let buffers: [AudioBuffer]
    /// For each of the arrangement's sound events, its buffer in `buffers`.
    private let soundIndices: [Int]
    /// The first sound event not yet started.
    private var nextEvent = 0
    /// The sound events playing now, in the arrangement's order (so that every block sums in the same order).
    private var playing: [Int]

    /// A performance of `arrangement` with the samples of its sounds, each at the arrangement's rate.
    public init(_ arrangement: Arrangement, sounds: [SoundID: AudioBuffer]) throws(CompositionError) {
        var buffers: [AudioBuffer] = []
        var indexOf: [SoundID: Int] = [:]
        var soundIndices: [Int] = []
        for event in arrangement.sounds {
            if let index = indexOf[event.sound] {
                soundIndices.append(index)
                continue
            }
            guard let buffer = sounds[event.sound] else { throw CompositionError("the samples of sound \(event.sound) are missing") }
            guard buffer.sampleRate == arrangement.sampleRate else {
                throw CompositionError("sound \(event.sound) is at \(buffer.sampleRate) Hz, the performance at \(arrangement.sampleRate) Hz")
            }
            indexOf[event.sound] = buffers.count
            soundIndices.append(buffers.count)
            buffers.append(buffer)
        }
        self.arrangement = arrangement
        self.buffers = buffers
        self.soundIndices = soundIndices
        playing = []
        playing.reserveCapacity(arrangement.sounds.count)
    }

    /// Plays on from `frame` (negative frames count as 0).
    public mutating func locate(_ frame: Int) {
        position = max(0, frame)
        let events = arrangement.sounds
        var low = 0, high = events.count
        while low < high {
            let middle = (low + high) / 2
            if events[middle].startFrame < position { low = middle + 1 } else { high = middle }
        }
        nextEvent = low
        playing.removeAll(keepingCapacity: true)
        for index in 0..<low where events[index].endFrame > position { playing.append(index) }
    }

    /// Moves on by `frames` without mixing them, round the loop as `render` would: what was to be heard from a
    /// moment already past (a start heard late) plays as from that moment.
    public mutating func skip(_ frames: Int) {
        guard frames > 0 else { return }
        var next = position + frames
        if let loop, position < loop.upperBound, next >= loop.upperBound {
            next = loop.lowerBound + (next - loop.upperBound) % loop.count
        }
        locate(next)
    }

    /// Loops `frames` from now on (nil: no loop); a position past the loop's end jumps to its start.
    public mutating func setLoop(_ frames: Range<Int>?) throws(CompositionError) {
        if let frames {
            guard frames.lowerBound >= 0, !frames.isEmpty else { throw CompositionError("a loop is a stretch of at least one frame") }
            loop = frames
            if position >= frames.upperBound || position < frames.lowerBound { locate(frames.lowerBound) }
        } else {
            loop = nil
        }
    }

    public mutating func render(into buffer: UnsafeMutableBufferPointer<Float>, frameCount: Int) {
        let count = min(max(0, frameCount), buffer.count / 2)
        for index in 0..<(2 * count) { buffer[index] = 0 }
        var done = 0
        while done < count {
            var end = position + (count - done)
            if let loop, position < loop.upperBound { end = min(end, loop.upperBound) }
            mix(position..<end, into: buffer, at: done)
            done += end - position
            position = end
            if let loop, position == loop.upperBound { locate(loop.lowerBound) }
        }
    }

    /// Adds the sounds playing in `frames` into `buffer` from its frame `offset`.
    private mutating func mix(_ frames: Range<Int>, into buffer: UnsafeMutableBufferPointer<Float>, at offset: Int) {
        let events = arrangement.sounds
        while nextEvent < events.count, events[nextEvent].startFrame < frames.upperBound {
            if events[nextEvent].endFrame > frames.lowerBound { playing.append(nextEvent) }
            nextEvent += 1
        }
        for index in playing {
            let event = events[index]
            let sound = buffers[soundIndices[index]]
            let first = max(event.startFrame, frames.lowerBound, event.soundStartFrame)
            let last = min(event.endFrame, frames.upperBound, event.soundStartFrame + sound.frameCount)
            guard first < last else { continue }
            sound.samples.withUnsafeBufferPointer { samples in
                let channels = sound.channelCount
                let right = channels == 1 ? 0 : 1
                var out = 2 * (offset + first - frames.lowerBound)
                var source = (first - event.soundStartFrame) * channels
                for _ in first..<last {
                    buffer[out] += samples[source] * event.gain
                    buffer[out + 1] += samples[source + right] * event.gain
                    out += 2
                    source += channels
                }
            }
        }
        playing.removeAll { index in
            let event = events[index]
            return event.endFrame <= frames.upperBound
                || event.soundStartFrame + buffers[soundIndices[index]].frameCount <= frames.upperBound
        }
    }
}
