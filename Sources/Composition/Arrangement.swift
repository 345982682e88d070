/// A pair's performance laid out in frames: every sound it starts and every chord it lights, found by walking
/// both hierarchies down from the pair (seed 003's performance). Composed cells that play bring in their
/// sub-pair at their column's time; an atomic part on a composed voice plays all its sub-voices; an atomic
/// pair plays its score's events on its voice's sound.
public struct Arrangement: Hashable, Sendable {
    public let sampleRate: Int
    /// Sorted by start frame.
    public let sounds: [SoundEvent]
    /// Sorted by frame.
    public let lights: [LightCue]
    /// The tempo of each atomic part where it starts to play, sorted by frame: what a beat is while it plays.
    public let tempi: [TempoCue]
    /// The frames the pair lasts: its part's duration.
    public let frameCount: Int

    /// The most events a performance may hold (a part repeated inside repeated parts multiplies them).
    public static let mostEvents = 1_000_000

    public init(of pair: Pair, in library: MusicLibrary, sampleRate: Int) throws(CompositionError) {
        guard (1...1_000_000).contains(sampleRate) else { throw CompositionError("a sample rate is 1 Hz…1 MHz, not \(sampleRate)") }
        var walk = Walk(library: library, sampleRate: Double(sampleRate), durations: library.durations(from: [pair.part]))
        try walk.perform(pair, from: 0)
        self.sampleRate = sampleRate
        sounds = walk.sounds.sorted { ($0.startFrame, $0.endFrame) < ($1.startFrame, $1.endFrame) }
        lights = Self.joined(walk.lights).sorted { $0.frame < $1.frame || ($0.frame == $1.frame && $0.order < $1.order) }
        var tempi: [TempoCue] = []
        for cue in walk.tempi.sorted(by: { $0.frame < $1.frame }) where tempi.last?.beatsPerMinute != cue.beatsPerMinute {
            tempi.append(cue)
        }
        self.tempi = tempi
        frameCount = Walk.frame(of: try library.duration(of: pair.part), rate: Double(sampleRate))
    }

    /// The cues without the let-go and release where an event cut by a split goes on: across the cut, the
    /// light stays lit.
    private static func joined(_ cues: [Walk.Cue]) -> [LightCue] {
        struct Place: Hashable { let frame: Int, voice: VoiceID, chord: ChordReference }
        var continuations: [Place: [Int]] = [:]
        for (index, cue) in cues.enumerated() where cue.goesOnFromBefore {
            continuations[Place(frame: cue.light.frame, voice: cue.light.voice, chord: cue.light.chord), default: []].append(index)
        }
        var joined = Set<Int>()
        for (index, cue) in cues.enumerated() where cue.goesOnAfter {
            let place = Place(frame: cue.light.frame, voice: cue.light.voice, chord: cue.light.chord)
            if let release = continuations[place]?.popLast() {
                joined.insert(index)
                joined.insert(release)
            }
        }
        return cues.indices.filter { !joined.contains($0) }.map { cues[$0].light }
    }

    /// The depth-first walk that lays the performance out.
    private struct Walk {
        let library: MusicLibrary
        let sampleRate: Double
        /// How long each part below the pair lasts.
        let durations: [PartID: Double]
        var sounds: [SoundEvent] = []
        var lights: [Cue] = []
        var tempi: [TempoCue] = []

        /// A light cue, and whether it joins the rest of an event cut by a split.
        struct Cue {
            let light: LightCue
            /// A let-go where the event goes on in the next part.
            var goesOnAfter = false
            /// A release of an event's rest.
            var goesOnFromBefore = false
        }

        static func frame(of seconds: Double, rate: Double) -> Int { Int((seconds * rate).rounded()) }

        /// Pairs walked so far: a part repeated inside repeated parts multiplies them.
        var visits = 0

        mutating func perform(_ pair: Pair, from origin: Double) throws(CompositionError) {
            visits += 1
            guard visits <= Arrangement.mostEvents else {
                throw CompositionError("the performance would walk more than \(Arrangement.mostEvents) parts and voices")
            }
            let part = try library.part(pair.part), voice = try library.voice(pair.voice)
            if part.isAtomic { tempi.append(TempoCue(frame: Self.frame(of: origin, rate: sampleRate), beatsPerMinute: part.tempo)) }
            if !part.isAtomic {
                var start = origin
                let rows = try library.cellRows(of: pair)
                for column in part.children {
                    for row in rows where library.isPlaying(Cell(column: column.id, row: row.id), of: pair) {
                        try perform(Pair(column.node, row.voice), from: start)
                    }
                    start += durations[column.node] ?? 0
                }
            } else if !voice.isAtomic {
                for child in voice.children { try perform(Pair(part.id, child.node), from: origin) }
            } else if let score = library.score(of: pair) {
                try play(score, of: voice, in: part, from: origin)
            }
        }

        mutating func play(_ score: Score, of voice: Voice, in part: Part, from origin: Double) throws(CompositionError) {
            guard sounds.count + lights.count + 2 * score.events.count <= Arrangement.mostEvents else {
                throw CompositionError("the performance would hold more than \(Arrangement.mostEvents) events")
            }
            func frame(_ tick: Int) -> Int { Self.frame(of: origin + MusicalTime.seconds(tick, tempo: part.tempo), rate: sampleRate) }
            for event in score.events {
                switch voice.sound {
                case .silent:
                    continue
                case .audio(let sound):
                    sounds.append(SoundEvent(
                        sound: sound, startFrame: frame(event.start), endFrame: frame(event.end),
                        soundStartFrame: frame(event.start - event.offset), gain: Float(event.gain)))
                case .light(let chord):
                    lights.append(Cue(
                        light: LightCue(frame: frame(event.start), voice: voice.id, chord: chord, action: .release(velocity: event.gain)),
                        goesOnFromBefore: event.offset > 0))
                    lights.append(Cue(
                        light: LightCue(frame: frame(event.end), voice: voice.id, chord: chord, action: .letGo),
                        goesOnAfter: event.continues))
                }
            }
        }
    }
}

/// One sound played by a performance: from `startFrame` to `endFrame` (or the sound's end, if sooner), the
/// sound's first frame falling at `soundStartFrame` (earlier than `startFrame` for the rest of a cut event).
public struct SoundEvent: Hashable, Sendable {
    public let sound: SoundID
    public let startFrame: Int
    public let endFrame: Int
    public let soundStartFrame: Int
    public let gain: Float
}

/// A chord lit or let go by a visual voice, at a frame of the performance.
public struct LightCue: Hashable, Sendable {
    public let frame: Int
    public let voice: VoiceID
    public let chord: ChordReference
    public let action: Action

    public enum Action: Hashable, Sendable {
        /// Release the chord's lumis, `velocity` 0…1.
        case release(velocity: Double)
        /// Let them go.
        case letGo
    }

    /// Let-goes before releases at one frame, so that an event right after another lights its chord again.
    var order: Int { if case .letGo = action { 0 } else { 1 } }
}

/// The tempo from a frame of the performance on: an atomic part's, where it starts.
public struct TempoCue: Hashable, Sendable {
    public let frame: Int
    public let beatsPerMinute: Double
}
