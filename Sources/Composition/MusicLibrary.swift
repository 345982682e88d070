/// Everything a composer has to work with (seed 003's music library): parts and voices as two hierarchies,
/// the scores that atomic (part, voice) pairs play, the sounds voices play, and the compositions — named
/// pairs. A value: every edit checks first and changes nothing when it throws.
public struct MusicLibrary: Hashable, Sendable {
    public internal(set) var parts: [PartID: Part] = [:]
    public internal(set) var voices: [VoiceID: Voice] = [:]
    public internal(set) var scores: [ScoreID: Score] = [:]
    public internal(set) var sounds: [SoundID: Sound] = [:]
    /// The score of each atomic pair that has one; several pairs may share a score.
    public internal(set) var scoreOfPair: [Pair: ScoreID] = [:]
    /// The cells of composed pairs that are muted; every other cell plays.
    public internal(set) var mutedCells: [Pair: Set<Cell>] = [:]
    public internal(set) var compositions: [CompositionID: Composition] = [:]
    /// The last number given out: every new thing takes the next.
    public internal(set) var lastIdentifier: Int64 = 0

    public init() {}

    mutating func nextIdentifier<Kind>() -> Identifier<Kind> {
        lastIdentifier += 1
        return Identifier(lastIdentifier)
    }

    public func part(_ id: PartID) throws(CompositionError) -> Part {
        guard let part = parts[id] else { throw .unknown("part", id) }
        return part
    }

    public func voice(_ id: VoiceID) throws(CompositionError) -> Voice {
        guard let voice = voices[id] else { throw .unknown("voice", id) }
        return voice
    }

    /// How long `part` lasts, in seconds: an atomic part its ticks at its tempo, a composed one its children's sum.
    public func duration(of part: PartID) throws(CompositionError) -> Double {
        _ = try self.part(part)
        return durations(from: [part])[part] ?? 0
    }

    /// How long every part lasts, each worked out once.
    public var durations: [PartID: Double] { durations(from: Array(parts.keys)) }

    /// How long each part below `roots` lasts, each worked out once (a part shared, or repeated, is not walked
    /// again), without recursion (a hierarchy may be deep).
    func durations(from roots: [PartID]) -> [PartID: Double] {
        var known: [PartID: Double] = [:]
        var waiting = roots.map { (id: $0, childrenDone: false) }
        while let (id, childrenDone) = waiting.popLast() {
            guard known[id] == nil, let part = parts[id] else { continue }
            if part.isAtomic {
                known[id] = MusicalTime.seconds(part.length, tempo: part.tempo)
            } else if childrenDone {
                known[id] = part.children.reduce(0) { $0 + (known[$1.node] ?? 0) }
            } else {
                waiting.append((id, true))
                for child in part.children where known[child.node] == nil { waiting.append((child.node, false)) }
            }
        }
        return known
    }

    /// Refuses a library in which a part lasts longer than `MusicalTime.longestDuration` (a part that repeats
    /// a part that repeats… grows fast).
    func checkDurations() throws(CompositionError) {
        if let problem = tooLong() { throw problem.error }
    }

    /// A part that lasts longer than `MusicalTime.longestDuration` (the shortest such, so that its parents are
    /// found after it), and the refusal that says so.
    func tooLong() -> (part: PartID, error: CompositionError)? {
        let over = durations.filter { $0.value > MusicalTime.longestDuration }
        guard let (id, seconds) = over.min(by: { ($0.value, $0.key) < ($1.value, $1.key) }) else { return nil }
        return (id, CompositionError("\(parts[id]?.name ?? "a part") would last \(Int(min(seconds, 1e15) / 3600)) hours; a part lasts at most \(Int(MusicalTime.longestDuration / 3600))"))
    }
}

/// A (part, voice) pair: what the composer selects, hears and edits.
public struct Pair: Hashable, Sendable, Codable {
    public let part: PartID
    public let voice: VoiceID

    public init(_ part: PartID, _ voice: VoiceID) {
        self.part = part
        self.voice = voice
    }
}

/// One cell of a composed pair's editing plane: a sub-part's column and a sub-voice's row (`row` nil when the
/// pair's voice is atomic: its one row is the voice itself).
public struct Cell: Hashable, Sendable, Codable {
    public let column: ChildID
    public let row: ChildID?

    public init(column: ChildID, row: ChildID?) {
        self.column = column
        self.row = row
    }
}

/// A sound in the library: its name and format. Its samples are kept beside the library, by its id.
public struct Sound: Hashable, Sendable {
    public let id: SoundID
    public var name: String
    public let sampleRate: Int
    public let channelCount: Int
    public let frameCount: Int

    public var duration: Double { Double(frameCount) / Double(sampleRate) }
}

/// A composition: a (part, voice) pair the composer has named, to come back to, play and share.
public struct Composition: Hashable, Sendable {
    public let id: CompositionID
    public var name: String
    public var pair: Pair
}
