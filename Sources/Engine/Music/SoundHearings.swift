import Audio
import Composition
import Listening
import Synchronization

/// A pair's sound as the lab hears it: what the analysis made of the mix, and the mix's outline.
public struct HeardMix: Sendable, Hashable {
    public let heard: HeardSound
    /// `outlineCount` numbers 0…1, each the loudest of its stretch of the mix.
    public let peaks: [Float]
}

/// The pairs' sounds as heard, for light and tempo from sound: each pair (an atomic part × a voice that plays
/// sound) mixed as a performance mixes it — every sound event, where it starts, how loud — and analysed by
/// the live input's analysis (`TrackHearing`). Kept by the mix itself (the sound events it plays and its
/// length), so a second action on an unchanged sound costs nothing, and an edit that moves the sound is heard
/// again. Hearing is slow work (decoding, a pass over the whole mix): the caller runs it on the library's
/// pool, never on the engine's threads.
public final class SoundHearings: Sendable {
    /// The rate the mix is heard at.
    public static let sampleRate = 48_000
    /// How many mixes are kept (the least lately used let go first).
    public static let keptMixes = 8
    /// Numbers in a mix's outline.
    public static let outlineCount = 800

    /// A mix as it is kept: the sound events it plays and its length.
    private struct Key: Hashable {
        let sounds: [SoundEvent]
        let frameCount: Int

        init(_ arrangement: Arrangement) {
            sounds = arrangement.sounds
            frameCount = arrangement.frameCount
        }
    }

    private struct Kept {
        var mixes: [Key: (mix: HeardMix, used: Int)] = [:]
        var uses = 0
        var analysed = 0
    }

    private let kept = Mutex(Kept())

    public init() {}

    /// How many mixes have been analysed (not found kept).
    public var analysedCount: Int { kept.withLock { $0.analysed } }

    /// `pair`'s sound heard: kept, or mixed and analysed, its sounds' samples read by `samples`.
    public func hearing(of pair: Pair, in library: MusicLibrary, samples: (Arrangement) throws -> [SoundID: AudioBuffer]) throws -> HeardMix {
        try hearing(of: try Arrangement(of: pair, in: library, sampleRate: Self.sampleRate), samples: samples).mix
    }

    /// `arrangement`'s sound heard — kept, or mixed, analysed and kept — and the key it is kept by.
    private func hearing(of arrangement: Arrangement, samples: (Arrangement) throws -> [SoundID: AudioBuffer]) throws -> (mix: HeardMix, key: Key) {
        let key = Key(arrangement)
        if let mix = keptMix(key) { return (mix, key) }
        let mix = try Self.heard(arrangement, sounds: try samples(arrangement))
        kept.withLock { kept in
            kept.uses += 1
            kept.analysed += 1
            kept.mixes[key] = (mix, kept.uses)
            if kept.mixes.count > Self.keptMixes, let oldest = kept.mixes.min(by: { $0.value.used < $1.value.used })?.key {
                kept.mixes[oldest] = nil
            }
        }
        return (mix, key)
    }

    /// `pair`'s sound as kept, nil when it has not been heard as the library now lays it out.
    public func keptHearing(of pair: Pair, in library: MusicLibrary) throws -> HeardMix? {
        keptMix(Key(try Arrangement(of: pair, in: library, sampleRate: Self.sampleRate)))
    }

    private func keptMix(_ key: Key) -> HeardMix? {
        kept.withLock { kept in
            guard let found = kept.mixes[key] else { return nil }
            kept.uses += 1
            kept.mixes[key]?.used = kept.uses
            return found.mix
        }
    }

    /// The hearing the edits need: each edit that hears a sound is tried first on a copy of `library` (in
    /// order, so it hears what the edits before it made), its sound heard; the hearing returned then finds
    /// those — held by it, however many, whatever the kept mixes let go meanwhile — and refuses a sound the
    /// library has changed under since.
    public func prepare(
        _ edits: [MusicEdit], on library: MusicLibrary, samples: (Arrangement) throws -> [SoundID: AudioBuffer]
    ) throws -> SoundHearing {
        var heard: [Key: HeardSound] = [:]
        if edits.contains(where: \.hearsSound) {
            try withoutActuallyEscaping(samples) { samples in
                var trial = library
                for edit in edits {
                    try trial.apply(edit, hearing: { [self] pair, library in
                        let (mix, key) = try hearing(of: try Arrangement(of: pair, in: library, sampleRate: Self.sampleRate), samples: samples)
                        heard[key] = mix.heard
                        return mix.heard
                    })
                }
            }
        }
        return { [self, heard] pair, library in
            let key = Key(try Arrangement(of: pair, in: library, sampleRate: Self.sampleRate))
            guard let sound = heard[key] ?? keptMix(key)?.heard else {
                throw CompositionError("the sound changed while it was heard: try again")
            }
            return sound
        }
    }

    /// `arrangement` mixed as `Performance` mixes it, in blocks, and heard.
    static func heard(_ arrangement: Arrangement, sounds: [SoundID: AudioBuffer]) throws -> HeardMix {
        var performance = try Performance(arrangement, sounds: sounds)
        let hearing = TrackHearing(sampleRate: arrangement.sampleRate)
        let frames = arrangement.frameCount
        var outline = MixOutline(frames: frames, count: outlineCount)
        let block = 4096
        var buffer = [Float](repeating: 0, count: 2 * block)
        var done = 0
        while done < frames {
            let count = min(block, frames - done)
            buffer.withUnsafeMutableBufferPointer { samples in
                performance.render(into: samples, frameCount: count)
                let mixed = UnsafeBufferPointer(rebasing: samples[0..<(2 * count)])
                outline.take(mixed, from: done)
                hearing.hear(mixed, channels: 2)
            }
            done += count
        }
        let track = hearing.track
        return HeardMix(heard: heardSound(track, seconds: Double(frames) / Double(arrangement.sampleRate)), peaks: outline.peaks)
    }

    /// The analysis's track as the model reads it.
    static func heardSound(_ track: HeardTrack, seconds: Double) -> HeardSound {
        func cues(_ heard: [HeardCue]) -> [SoundCue] { heard.map { SoundCue(seconds: $0.time, strength: Double($0.strength)) } }
        var all: [LightFollow: [SoundCue]] = [.onsets: cues(track.onsets), .beats: cues(track.beats), .bars: cues(track.bars)]
        let bands: [LightFollow] = [.low, .lowMid, .highMid, .high]
        for (index, follow) in bands.enumerated() where index < track.rises.count { all[follow] = cues(track.rises[index]) }
        return HeardSound(seconds: seconds, tempo: track.tempo, cues: all)
    }
}

/// A mix's outline taken as it is made, block by block: the loudest sample of each of `count` equal stretches.
struct MixOutline {
    private let frames: Int
    private(set) var peaks: [Float]

    init(frames: Int, count: Int) {
        self.frames = frames
        peaks = [Float](repeating: 0, count: count)
    }

    /// Takes the stereo `samples` that begin at frame `start`.
    mutating func take(_ samples: UnsafeBufferPointer<Float>, from start: Int) {
        guard frames > 0 else { return }
        let count = peaks.count
        for frame in 0..<(samples.count / 2) {
            let bucket = min(count - 1, (start + frame) * count / frames)
            let loudest = max(abs(samples[2 * frame]), abs(samples[2 * frame + 1]))
            if loudest > peaks[bucket] { peaks[bucket] = min(1, loudest) }
        }
    }
}
