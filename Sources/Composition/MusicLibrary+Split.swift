extension MusicLibrary {
    /// Splits an atomic part at the given ticks into atomic sub-parts, one after another, and makes it their
    /// parent. What it played is kept: each of its scores is cut at the same ticks, an event across a cut
    /// going on in the next sub-part from where it was; the cells of the new plane all play. Returns the
    /// sub-parts, named after the part with their number.
    @discardableResult
    public mutating func split(part: PartID, at cuts: [Int]) throws(CompositionError) -> [PartID] {
        let node = try self.part(part)
        guard node.isAtomic else { throw CompositionError("\(node.name) is already composed") }
        let bounds = [0] + cuts + [node.length]
        guard !cuts.isEmpty, zip(bounds, bounds.dropFirst()).allSatisfy({ $0 < $1 }) else {
            throw CompositionError("cuts lie inside \(node.name) (1…\(node.length - 1) ticks), each after the one before")
        }
        var library = self
        let pieces = zip(bounds, bounds.dropFirst()).map { (start: $0, end: $1) }
        var subParts: [PartID] = []
        for (number, piece) in pieces.enumerated() {
            let id: PartID = library.nextIdentifier()
            library.parts[id] = Part(id: id, name: "\(node.name) \(number + 1)", length: piece.end - piece.start, tempo: node.tempo)
            subParts.append(id)
        }
        for (pair, scoreID) in scoreOfPair.sorted(by: { ($0.key.part, $0.key.voice) < ($1.key.part, $1.key.voice) })
        where pair.part == part {
            let events = scores[scoreID]?.events ?? []
            for (piece, subPart) in zip(pieces, subParts) {
                var cut: [ScoreEvent] = []
                for event in events {
                    if let rest = try Self.piece(of: event, from: piece.start, to: piece.end) { cut.append(rest) }
                }
                guard !cut.isEmpty else { continue }
                let id: ScoreID = library.nextIdentifier()
                library.scores[id] = Score(id: id, events: cut)
                library.scoreOfPair[Pair(subPart, pair.voice)] = id
            }
            library.scoreOfPair[pair] = nil
        }
        for subPart in subParts {
            let place: ChildID = library.nextIdentifier()
            library.parts[part]?.children.append(Child(id: place, node: subPart))
        }
        library.dropUnusedScores()
        self = library
        return subParts
    }

    /// Splits an atomic voice into `count` atomic sub-voices and makes it their parent. The first takes over
    /// what the voice played — its sound and its scores, its rows in composed planes — and the others are
    /// silent, to be given sounds. Returns the sub-voices, named after the voice with their number.
    @discardableResult
    public mutating func split(voice: VoiceID, into count: Int) throws(CompositionError) -> [VoiceID] {
        let node = try self.voice(voice)
        guard node.isAtomic else { throw CompositionError("\(node.name) is already composed") }
        guard (2...64).contains(count) else { throw CompositionError("a voice splits into 2…64 voices, not \(count)") }
        var library = self
        var subVoices: [VoiceID] = []
        var places: [ChildID] = []
        for number in 1...count {
            let id: VoiceID = library.nextIdentifier()
            library.voices[id] = Voice(id: id, name: "\(node.name) \(number)", sound: number == 1 ? node.sound : .silent)
            let place: ChildID = library.nextIdentifier()
            library.voices[voice]?.children.append(Child(id: place, node: id))
            subVoices.append(id)
            places.append(place)
        }
        library.voices[voice]?.sound = .silent
        for (pair, score) in scoreOfPair where pair.voice == voice {
            library.scoreOfPair[Pair(pair.part, subVoices[0])] = score
            library.scoreOfPair[pair] = nil
        }
        for (pair, muted) in mutedCells where pair.voice == voice {
            library.mutedCells[pair] = Set(muted.map { Cell(column: $0.column, row: $0.row ?? places[0]) })
        }
        self = library
        return subVoices
    }

    /// The part of `event` that lies in `start..<end`, moved to count from `start`; nil when none does.
    static func piece(of event: ScoreEvent, from start: Int, to end: Int) throws(CompositionError) -> ScoreEvent? {
        let from = max(event.start, start), to = min(event.end, end)
        guard from < to else { return nil }
        return try ScoreEvent(
            start: from - start, length: to - from, gain: event.gain, offset: event.offset + (from - event.start),
            continues: event.end > end || event.continues)
    }
}
