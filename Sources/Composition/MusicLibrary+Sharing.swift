extension MusicLibrary {
    /// What a composition needs and nothing else: the parts and voices below its pair, the scores and muted
    /// cells of the pairs among them, the sounds its voices play, and the composition itself — what its
    /// interchange file carries.
    public func contents(of composition: CompositionID) throws(CompositionError) -> MusicLibraryContents {
        guard let composition = compositions[composition] else { throw .unknown("composition", composition) }
        let partIDs = Set(Self.below(composition.pair.part, in: parts).map(\.rawValue))
        let voiceIDs = Set(Self.below(composition.pair.voice, in: voices).map(\.rawValue))
        let all = contents
        var subset = MusicLibraryContents()
        subset.parts = all.parts.filter { partIDs.contains($0.id) }
        subset.voices = all.voices.filter { voiceIDs.contains($0.id) }
        subset.pairs = all.pairs.filter { partIDs.contains($0.part) && voiceIDs.contains($0.voice) }
        let scoreIDs = Set(subset.pairs.map(\.score))
        subset.scores = all.scores.filter { scoreIDs.contains($0.id) }
        subset.mutedCells = all.mutedCells.filter { partIDs.contains($0.part) && voiceIDs.contains($0.voice) }
        let soundIDs = Set(subset.voices.compactMap(\.sound))
        subset.sounds = all.sounds.filter { soundIDs.contains($0.id) }
        subset.compositions = all.compositions.filter { $0.id == composition.id.rawValue }
        subset.lastIdentifier = lastIdentifier
        return subset
    }

    /// The library with `other` added beside what it holds: `other`'s ids numbered anew, one after another,
    /// past this library's last one (whatever numbers `other` used), so nothing of either is confused; the
    /// whole checked as one library (a composition name taken twice is refused). Returns the merged library
    /// and how `other`'s sound ids map to the merged ones.
    public func merging(_ other: MusicLibraryContents) throws(CompositionError) -> (library: MusicLibrary, sounds: [Int64: SoundID]) {
        _ = try MusicLibrary(contents: other)  // on its own first, so that its problems are named as its own
        let shift = lastIdentifier
        var used = other.sounds.map(\.id) + other.parts.map(\.id) + other.voices.map(\.id) + other.scores.map(\.id)
        used += other.compositions.map(\.id)
        used += (other.parts.flatMap(\.children) + other.voices.flatMap(\.children)).map(\.place)
        guard shift <= Int64.max - Int64(used.count) else { throw CompositionError("the music library has given out all its ids") }
        let renumbered = Dictionary(uniqueKeysWithValues: used.sorted().enumerated().map { ($1, shift + Int64($0) + 1) })
        func moved(_ id: Int64) -> Int64 { renumbered[id] ?? id }
        func moved(_ children: [MusicLibraryContents.ChildRecord]) -> [MusicLibraryContents.ChildRecord] {
            children.map { .init(place: moved($0.place), node: moved($0.node)) }
        }
        var merged = contents
        merged.sounds += other.sounds.map { .init(id: moved($0.id), name: $0.name, sampleRate: $0.sampleRate, channelCount: $0.channelCount, frameCount: $0.frameCount) }
        merged.parts += other.parts.map { .init(id: moved($0.id), name: $0.name, length: $0.length, tempo: $0.tempo, children: moved($0.children)) }
        merged.voices += other.voices.map {
            .init(id: moved($0.id), name: $0.name, sound: $0.sound.map(moved), chordset: $0.chordset, chord: $0.chord, children: moved($0.children))
        }
        merged.scores += other.scores.map { .init(id: moved($0.id), events: $0.events) }
        merged.pairs += other.pairs.map { .init(part: moved($0.part), voice: moved($0.voice), score: moved($0.score)) }
        merged.mutedCells += other.mutedCells.map { .init(part: moved($0.part), voice: moved($0.voice), column: moved($0.column), row: $0.row.map(moved)) }
        merged.compositions += other.compositions.map { .init(id: moved($0.id), name: $0.name, part: moved($0.part), voice: moved($0.voice)) }
        merged.lastIdentifier = shift + Int64(used.count)
        let library = try MusicLibrary(contents: merged)
        return (library, Dictionary(uniqueKeysWithValues: other.sounds.map { ($0.id, SoundID(moved($0.id))) }))
    }

    /// `node` and every node below it, each once.
    static func below<Node: HierarchyNode>(_ node: Node.ID, in nodes: [Node.ID: Node]) -> Set<Node.ID> {
        var seen: Set<Node.ID> = []
        var waiting = [node]
        while let next = waiting.popLast() {
            guard seen.insert(next).inserted else { continue }
            waiting += nodes[next]?.children.map(\.node) ?? []
        }
        return seen
    }
}

extension MusicLibrary {
    /// Whether `pair` lies within `top` — its part below (or at) `top`'s part, its voice below (or at) its voice.
    public func lies(_ pair: Pair, within top: Pair) -> Bool {
        Hierarchy.reaches(top.part, pair.part, in: parts) && Hierarchy.reaches(top.voice, pair.voice, in: voices)
    }
}
