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
        let node = try self.part(part)
        guard !node.isAtomic else { return MusicalTime.seconds(node.length, tempo: node.tempo) }
        var total = 0.0
        for child in node.children { total += try duration(of: child.node) }
        return total
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
