import Foundation
import UserText

extension MusicLibrary {
    /// All parts that are nobody's child: the composer's songs, sections and sketches.
    public var rootParts: [PartID] { Hierarchy.roots(in: parts) }

    /// The parts that have `part` among their children.
    public func parents(of part: PartID) -> [PartID] { Hierarchy.parents(of: part, in: parts) }

    /// A new atomic part of `beats` beats at `tempo` beats per minute.
    @discardableResult
    public mutating func addPart(named name: String, beats: Double, tempo: Double = 120) throws(CompositionError) -> PartID {
        let length = try Self.ticks(ofBeats: beats)
        let tempo = try Self.checkedTempo(tempo)
        let name = try Self.checkedName(name, as: "a part's name")
        let id: PartID = nextIdentifier()
        parts[id] = Part(id: id, name: name, length: length, tempo: tempo)
        return id
    }

    public mutating func rename(part: PartID, to name: String) throws(CompositionError) {
        let name = try Self.checkedName(name, as: "a part's name")
        _ = try self.part(part)
        parts[part]?.name = name
    }

    /// Makes an atomic part `beats` long; refused while one of its scores has an event beyond the new end.
    public mutating func setLength(of part: PartID, beats: Double) throws(CompositionError) {
        let node = try self.part(part)
        guard node.isAtomic else { throw CompositionError("\(node.name) is composed: it lasts as long as its parts") }
        let length = try Self.ticks(ofBeats: beats)
        for (pair, score) in scoreOfPair where pair.part == part {
            if let last = scores[score]?.events.map(\.end).max(), last > length {
                let beats = { (ticks: Int) in FixedBeats.text(Double(ticks) / Double(MusicalTime.ticksPerBeat)) }
                throw CompositionError("an event of \(try voice(pair.voice).name) ends at beat \(beats(last)), past \(beats(length)) beats: shorten or delete it first")
            }
        }
        var library = self
        library.parts[part]?.length = length
        try library.checkDurations()
        self = library
    }

    public mutating func setTempo(of part: PartID, to tempo: Double) throws(CompositionError) {
        let tempo = try Self.checkedTempo(tempo)
        _ = try self.part(part)
        var library = self
        library.parts[part]?.tempo = tempo
        try library.checkDurations()
        self = library
    }

    /// Puts `child` under `parent` at `index` (at the end when nil). A part may come more than once under one
    /// parent (A A B A). An atomic parent becomes composed — refused while it plays something of its own:
    /// split it first, so that nothing it plays is lost.
    @discardableResult
    public mutating func add(part child: PartID, to parent: PartID, at index: Int? = nil) throws(CompositionError) -> ChildID {
        try Hierarchy.checkAdding(child, under: parent, in: parts, kind: "part")
        let parentNode = try part(parent)
        var library = self
        if parentNode.isAtomic {
            let playing = scoreOfPair.filter { $0.key.part == parent && !(scores[$0.value]?.events.isEmpty ?? true) }
            guard playing.isEmpty else {
                throw CompositionError("\(parentNode.name) plays events of its own: split it, then add to it")
            }
            for pair in scoreOfPair.keys where pair.part == parent { library.scoreOfPair[pair] = nil }
        }
        let place: ChildID = library.nextIdentifier()
        let at = min(max(0, index ?? parentNode.children.count), parentNode.children.count)
        library.parts[parent]?.children.insert(Child(id: place, node: child), at: at)
        try library.checkDurations()
        self = library
        return place
    }

    /// Takes the child `place` out of `parent`; the part itself stays in the library. A parent left without
    /// children is atomic again, as long as it was before it was split.
    public mutating func remove(partChild place: ChildID, from parent: PartID) throws(CompositionError) {
        try remove(child: place, from: parent, of: PartHierarchy.self)
    }

    /// Moves the child `place` of `parent` to `index` among the others.
    public mutating func move(partChild place: ChildID, of parent: PartID, to index: Int) throws(CompositionError) {
        try move(child: place, of: parent, to: index, of: PartHierarchy.self)
    }

    /// Removes `part` from the library: from every parent, with its scores' places and its cells. Refused
    /// while a composition is made of it.
    public mutating func delete(part: PartID) throws(CompositionError) {
        try delete(part, of: PartHierarchy.self)
    }

    /// The ticks an atomic part `beats` beats long lasts, rounded to the nearest tick: one tick to 10,000 beats
    /// (`MusicalTime.longestPart`). The lab refuses the same lengths in the same words (part-fields-model.js's
    /// `ticksOfBeats`; Tests/fixtures/twin-rules/part-fields.json).
    static func ticks(ofBeats beats: Double) throws(CompositionError) -> Int {
        let longest = Double(MusicalTime.longestPart / MusicalTime.ticksPerBeat)
        let ticks = (beats * Double(MusicalTime.ticksPerBeat)).rounded()
        guard beats.isFinite, beats <= longest, ticks >= 1 else {
            throw CompositionError("a part lasts from one tick (1/960 beat) to 10,000 beats")
        }
        return Int(ticks)
    }

    /// `tempo` if a part may go at it (`MusicalTime.tempi`, beats per minute). The lab refuses the same tempi in
    /// the same words (part-fields-model.js's `checkedTempo`; Tests/fixtures/twin-rules/part-fields.json).
    static func checkedTempo(_ tempo: Double) throws(CompositionError) -> Double {
        guard tempo.isFinite, MusicalTime.tempi.contains(tempo) else {
            throw CompositionError("a part's tempo is 20 to 400 beats per minute")
        }
        return tempo
    }

    /// `name` as the text rule keeps it (`UserText`: composed, trimmed, no control characters, 1…200
    /// characters), or the rule's one-line refusal.
    public static func checkedName(_ name: String, as what: String = "a name") throws(CompositionError) -> String {
        do { return try UserText.checked(name, as: what) } catch { throw CompositionError(error.description) }
    }

    mutating func dropEmptyCells() {
        mutedCells = mutedCells.filter { !$0.value.isEmpty }
    }

    /// Forgets the scores no pair plays any more.
    mutating func dropUnusedScores() {
        let used = Set(scoreOfPair.values)
        scores = scores.filter { used.contains($0.key) }
    }
}

/// Beats as a composer reads them: "5", "2.5", "0.25".
enum FixedBeats {
    static func text(_ beats: Double) -> String {
        beats == beats.rounded() ? String(Int(beats)) : String(format: "%g", beats)
    }
}
