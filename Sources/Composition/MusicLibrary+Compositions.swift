extension MusicLibrary {
    /// A composition named `name`, made of `pair`; names are unique, whatever their case.
    @discardableResult
    public mutating func addComposition(named name: String, pair: Pair) throws(CompositionError) -> CompositionID {
        let name = try Self.checkedName(name)
        _ = try part(pair.part)
        _ = try voice(pair.voice)
        guard composition(named: name) == nil else { throw CompositionError("there is already a composition named \(name)") }
        let id: CompositionID = nextIdentifier()
        compositions[id] = Composition(id: id, name: name, pair: pair)
        return id
    }

    /// The composition called `name` (whatever its case).
    public func composition(named name: String) -> Composition? {
        compositions.values.first { $0.name.lowercased() == name.lowercased() }
    }

    public mutating func rename(composition: CompositionID, to name: String) throws(CompositionError) {
        let name = try Self.checkedName(name)
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
