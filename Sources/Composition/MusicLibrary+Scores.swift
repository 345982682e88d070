extension MusicLibrary {
    /// The score an atomic pair plays, if it has one.
    public func score(of pair: Pair) -> Score? {
        scoreOfPair[pair].flatMap { scores[$0] }
    }

    /// The pairs that play `score`: more than one when it is shared.
    public func pairs(playing score: ScoreID) -> [Pair] {
        scoreOfPair.filter { $0.value == score }.map(\.key).sorted { ($0.part, $0.voice) < ($1.part, $1.voice) }
    }

    /// Gives an atomic pair these events: into the score it plays (and so into every pair that shares it), or
    /// into a new score of its own. Every event must lie inside the part of every pair that plays the score.
    public mutating func setEvents(_ events: [ScoreEvent], of pair: Pair) throws(CompositionError) {
        try checkAtomic(pair)
        let existing = scoreOfPair[pair]
        let players = existing.map { pairs(playing: $0) } ?? [pair]
        for player in Set(players) { try checkFits(Score(id: ScoreID(0), events: events), in: player.part) }
        let id: ScoreID = existing ?? nextIdentifier()
        scores[id] = Score(id: id, events: events)
        scoreOfPair[pair] = id
    }

    /// Seed 003's editing range, let go inside the score: the events it overlaps are deleted; if it overlaps
    /// none, one event of the range (at `gain`) is made. Returns whether it made one.
    @discardableResult
    public mutating func applyEditingRange(_ range: Range<Int>, to pair: Pair, gain: Double = 1) throws(CompositionError) -> Bool {
        let events = score(of: pair)?.events ?? []
        let remaining = events.filter { !$0.overlaps(range) }
        if remaining.count < events.count {
            try setEvents(remaining, of: pair)
            return false
        }
        try setEvents(events + [try ScoreEvent(start: range.lowerBound, length: range.count, gain: gain)], of: pair)
        return true
    }

    /// Makes `pair` play the score `source` plays (both atomic): an edit to either is heard in both.
    public mutating func share(scoreOf source: Pair, with pair: Pair) throws(CompositionError) {
        try checkAtomic(source)
        try checkAtomic(pair)
        guard let id = scoreOfPair[source], let score = scores[id] else {
            throw CompositionError("that pair has no score to share")
        }
        try checkFits(score, in: pair.part)
        scoreOfPair[pair] = id
        dropUnusedScores()
    }

    /// Gives `pair` a score of its own with the events `source` plays (both atomic): pasted as a copy, an edit
    /// to either is heard in it alone.
    public mutating func copyScore(of source: Pair, to pair: Pair) throws(CompositionError) {
        try checkAtomic(source)
        try checkAtomic(pair)
        guard source != pair else { throw CompositionError("a score is copied to another pair, not to itself") }
        guard let id = scoreOfPair[source], let score = scores[id] else {
            throw CompositionError("that pair has no score to copy")
        }
        try checkFits(score, in: pair.part)
        let copy: ScoreID = nextIdentifier()
        scores[copy] = Score(id: copy, events: score.events)
        scoreOfPair[pair] = copy
        dropUnusedScores()
    }

    /// Gives `pair` a copy of its shared score, to edit on its own.
    public mutating func makeUnique(_ pair: Pair) throws(CompositionError) {
        guard let id = scoreOfPair[pair], let score = scores[id] else { throw CompositionError("that pair has no score") }
        guard pairs(playing: id).count > 1 else { return }
        let copy: ScoreID = nextIdentifier()
        scores[copy] = Score(id: copy, events: score.events)
        scoreOfPair[pair] = copy
    }

    /// Whether a cell of a composed pair plays (cells play unless they are muted).
    public func isPlaying(_ cell: Cell, of pair: Pair) -> Bool {
        !(mutedCells[pair]?.contains(cell) ?? false)
    }

    /// Mutes or plays one cell of a composed pair's plane.
    public mutating func setCell(_ cell: Cell, of pair: Pair, playing: Bool) throws(CompositionError) {
        let columns = try cellColumns(of: pair)
        guard columns.contains(where: { $0.id == cell.column }) else {
            throw CompositionError("the part \(pair.part) has no column \(cell.column)")
        }
        let rows = try cellRows(of: pair)
        guard rows.contains(where: { $0.id == cell.row }) else {
            throw CompositionError("the voice \(pair.voice) has no row \(cell.row.map(\.description) ?? "of its own")")
        }
        var muted = mutedCells[pair] ?? []
        if playing { muted.remove(cell) } else { muted.insert(cell) }
        mutedCells[pair] = muted.isEmpty ? nil : muted
    }

    /// The columns of a composed pair's plane: its part's children.
    public func cellColumns(of pair: Pair) throws(CompositionError) -> [Child<PartID>] {
        let part = try self.part(pair.part)
        guard !part.isAtomic else { throw CompositionError("an atomic part has events, not cells") }
        _ = try voice(pair.voice)
        return part.children
    }

    /// The rows of a pair's plane: its voice's children, or the voice itself (id nil) when it is atomic.
    public func cellRows(of pair: Pair) throws(CompositionError) -> [(id: ChildID?, voice: VoiceID)] {
        let voice = try self.voice(pair.voice)
        return voice.isAtomic ? [(nil, voice.id)] : voice.children.map { ($0.id, $0.node) }
    }

    func checkAtomic(_ pair: Pair) throws(CompositionError) {
        let part = try self.part(pair.part), voice = try self.voice(pair.voice)
        guard part.isAtomic, voice.isAtomic else {
            throw CompositionError("only an atomic part and an atomic voice have a score: \(part.name) × \(voice.name) is composed")
        }
    }

    func checkFits(_ score: Score, in part: PartID) throws(CompositionError) {
        let node = try self.part(part)
        if let outside = score.events.first(where: { $0.end > node.length }) {
            throw CompositionError("an event from tick \(outside.start) to \(outside.end) lies outside \(node.name), which lasts \(node.length) ticks")
        }
    }
}
