/// One event of a score: where in the part it starts, how long it lasts (ticks) and how loud it plays. An
/// event cut in two by a split keeps playing as before: its second piece starts `offset` ticks into the
/// sound, and the first says that it `continues`.
public struct ScoreEvent: Hashable, Sendable, Codable {
    public let start: Int
    public let length: Int
    /// 0…1, the event's loudness (for a light: the velocity its lumis are released with).
    public let gain: Double
    /// Ticks into the sound where the event starts playing it: 0 but for the rest of a cut event.
    public let offset: Int
    /// The sound goes on in the next part: a light is not let go at this event's end.
    public let continues: Bool

    public init(start: Int, length: Int, gain: Double = 1, offset: Int = 0, continues: Bool = false) throws(CompositionError) {
        guard start >= 0 else { throw CompositionError("an event starts at or after its part's start, not at \(start)") }
        guard length > 0 else { throw CompositionError("an event lasts at least one tick, not \(length)") }
        guard start <= MusicalTime.longestPart, length <= MusicalTime.longestPart, offset <= MusicalTime.longestPart else {
            throw CompositionError("an event lies within the longest part (\(MusicalTime.longestPart) ticks)")
        }
        guard offset >= 0 else { throw CompositionError("an event's offset into its sound is not negative") }
        self.start = start
        self.length = length
        self.gain = try gain.checked("an event's gain", in: 0...1)
        self.offset = offset
        self.continues = continues
    }

    private enum CodingKeys: String, CodingKey { case start, length, gain, offset, continues }

    /// An event read from a file or the library, checked as `init(start:length:gain:offset:continues:)` checks.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(
            start: try container.decode(Int.self, forKey: .start),
            length: try container.decode(Int.self, forKey: .length),
            gain: try container.decodeIfPresent(Double.self, forKey: .gain) ?? 1,
            offset: try container.decodeIfPresent(Int.self, forKey: .offset) ?? 0,
            continues: try container.decodeIfPresent(Bool.self, forKey: .continues) ?? false)
    }

    /// Where the event ends (the first tick after it).
    public var end: Int { start + length }

    /// Whether the event and the ticks `range` share a tick.
    public func overlaps(_ range: Range<Int>) -> Bool { start < range.upperBound && range.lowerBound < end }
}

/// A rhythm of events: what an atomic part plays on an atomic voice. Several (part, voice) pairs may share one
/// score — edit it once and it changes in all of them.
public struct Score: Hashable, Sendable {
    public let id: ScoreID
    /// Sorted by start (then by length).
    public internal(set) var events: [ScoreEvent]

    init(id: ScoreID, events: [ScoreEvent] = []) {
        self.id = id
        self.events = events.sorted { ($0.start, $0.length) < ($1.start, $1.length) }
    }
}
