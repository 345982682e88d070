extension MusicLibrary {
    /// A composition named `name`, made of `pair`; names are unique, whatever their case.
    @discardableResult
    public mutating func addComposition(named name: String, pair: Pair) throws(CompositionError) -> CompositionID {
        let name = try Self.checkedName(name, as: "a composition's name")
        _ = try part(pair.part)
        _ = try voice(pair.voice)
        guard composition(named: name) == nil else { throw CompositionError("there is already a composition named \(name)") }
        let id: CompositionID = nextIdentifier()
        compositions[id] = Composition(id: id, name: name, pair: pair)
        return id
    }

    /// The composition called `name` (whatever its case).
    public func composition(named name: String) -> Composition? {
        let wanted = ((try? Self.checkedName(name)) ?? name).lowercased()  // a name the check refuses is sought as given
        return compositions.values.first { $0.name.lowercased() == wanted }
    }

    public mutating func rename(composition: CompositionID, to name: String) throws(CompositionError) {
        let name = try Self.checkedName(name, as: "a composition's name")
        guard compositions[composition] != nil else { throw .unknown("composition", composition) }
        if let other = self.composition(named: name), other.id != composition {
            throw CompositionError("there is already a composition named \(name)")
        }
        compositions[composition]?.name = name
    }

    /// Forgets the composition's name; its parts, voices and scores stay in the library.
    public mutating func delete(composition: CompositionID) throws(CompositionError) {
        guard compositions.removeValue(forKey: composition) != nil else { throw .unknown("composition", composition) }
    }
}

extension MusicLibrary {
    /// Deletes a composition and, with `withWhatOnlyItUses`, the parts, voices and sounds below its pair that
    /// nothing else reaches — no other composition, no part or voice outside it — with their scores and cells.
    public mutating func delete(composition: CompositionID, withWhatOnlyItUses: Bool) throws(CompositionError) {
        guard let deleted = compositions[composition] else { throw .unknown("composition", composition) }
        var library = self
        try library.delete(composition: composition)
        if withWhatOnlyItUses {
            let others = library.compositions.values.map(\.pair)
            let parts = Self.onlyBelow(deleted.pair.part, keptBy: others.map(\.part), in: library.parts)
            let voices = Self.onlyBelow(deleted.pair.voice, keptBy: others.map(\.voice), in: library.voices)
            for part in parts.sorted() { try library.delete(part: part) }
            for voice in voices.sorted() { try library.delete(voice: voice) }
            let played = Set(library.voices.values.compactMap { voice -> SoundID? in
                if case .audio(let sound) = voice.sound { sound } else { nil }
            })
            library.sounds = library.sounds.filter { played.contains($0.key) }
        }
        self = library
    }

    /// The nodes below `node` (itself included) that neither `kept` nor a root outside them reaches.
    private static func onlyBelow<Node: HierarchyNode>(_ node: Node.ID, keptBy kept: [Node.ID], in nodes: [Node.ID: Node]) -> Set<Node.ID> {
        let candidates = below(node, in: nodes)
        let holders = kept + Hierarchy.roots(in: nodes).filter { !candidates.contains($0) }
        let reached = holders.reduce(into: Set<Node.ID>()) { $0.formUnion(below($1, in: nodes)) }
        return candidates.subtracting(reached)
    }
}
