/// One of the library's two hierarchies as the library holds it: where its nodes are, which side of a pair
/// and of a cell it is, and what to call it in messages. Parts and voices are taken out of parents, moved
/// and deleted by the same code through it.
protocol LibraryHierarchy {
    associatedtype Node: HierarchyNode
    /// "part" or "voice".
    static var kind: String { get }
    static var nodes: WritableKeyPath<MusicLibrary, [Node.ID: Node]> { get }
    /// This hierarchy's side of a pair.
    static func side(of pair: Pair) -> Node.ID
    /// This hierarchy's side of a cell: its column (parts) or its row (voices).
    static func side(of cell: Cell) -> ChildID?
}

/// The parts: time.
enum PartHierarchy: LibraryHierarchy {
    typealias Node = Part
    static var kind: String { "part" }
    static var nodes: WritableKeyPath<MusicLibrary, [PartID: Part]> { \.parts }
    static func side(of pair: Pair) -> PartID { pair.part }
    static func side(of cell: Cell) -> ChildID? { cell.column }
}

/// The voices: instrumentation.
enum VoiceHierarchy: LibraryHierarchy {
    typealias Node = Voice
    static var kind: String { "voice" }
    static var nodes: WritableKeyPath<MusicLibrary, [VoiceID: Voice]> { \.voices }
    static func side(of pair: Pair) -> VoiceID { pair.voice }
    static func side(of cell: Cell) -> ChildID? { cell.row }
}

extension MusicLibrary {
    func node<H: LibraryHierarchy>(_ id: H.Node.ID, of _: H.Type) throws(CompositionError) -> H.Node {
        guard let node = self[keyPath: H.nodes][id] else { throw .unknown(H.kind, id) }
        return node
    }

    /// Takes the child `place` out of `parent`, with the cells of its column or row; the node itself stays.
    mutating func remove<H: LibraryHierarchy>(child place: ChildID, from parent: H.Node.ID, of hierarchy: H.Type) throws(CompositionError) {
        var node = try self.node(parent, of: hierarchy)
        node.children.remove(at: try Hierarchy.index(of: place, in: node, kind: H.kind))
        self[keyPath: H.nodes][parent] = node
        for pair in mutedCells.keys where H.side(of: pair) == parent {
            mutedCells[pair] = mutedCells[pair]?.filter { H.side(of: $0) != place }
        }
        dropEmptyCells()
    }

    /// Moves the child `place` of `parent` to `index` among the others.
    mutating func move<H: LibraryHierarchy>(child place: ChildID, of parent: H.Node.ID, to index: Int, of hierarchy: H.Type) throws(CompositionError) {
        var node = try self.node(parent, of: hierarchy)
        try Hierarchy.move(place, to: index, in: &node, kind: H.kind)
        self[keyPath: H.nodes][parent] = node
    }

    /// Removes `id` from the library: from every parent, with its scores' places and its cells. Refused while
    /// a composition is made of it.
    mutating func delete<H: LibraryHierarchy>(_ id: H.Node.ID, of hierarchy: H.Type) throws(CompositionError) {
        _ = try node(id, of: hierarchy)
        if let composition = compositions.values.first(where: { H.side(of: $0.pair) == id }) {
            throw CompositionError("the composition \(composition.name) is made of this \(H.kind): delete it first")
        }
        for parent in Hierarchy.parents(of: id, in: self[keyPath: H.nodes]) {
            for place in self[keyPath: H.nodes][parent]?.children ?? [] where place.node == id {
                try remove(child: place.id, from: parent, of: hierarchy)
            }
        }
        self[keyPath: H.nodes][id] = nil
        for pair in scoreOfPair.keys where H.side(of: pair) == id { scoreOfPair[pair] = nil }
        for pair in mutedCells.keys where H.side(of: pair) == id { mutedCells[pair] = nil }
        dropUnusedScores()
    }
}
