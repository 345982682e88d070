/// A node of one of the library's two hierarchies: parts or voices. Children are ordered; a node may be the
/// child of several parents and several nodes may be roots; no node is its own ancestor.
protocol HierarchyNode: Sendable {
    associatedtype ID: Hashable & Comparable & Sendable & CustomStringConvertible
    var id: ID { get }
    var children: [Child<ID>] { get set }
}

extension Part: HierarchyNode {}
extension Voice: HierarchyNode {}

/// The rules of a hierarchy, for parts and voices alike.
enum Hierarchy {
    /// Whether `target` is `node` or lies below it.
    static func reaches<Node: HierarchyNode>(_ node: Node.ID, _ target: Node.ID, in nodes: [Node.ID: Node]) -> Bool {
        var seen: Set<Node.ID> = []
        var waiting = [node]
        while let next = waiting.popLast() {
            if next == target { return true }
            guard seen.insert(next).inserted, let children = nodes[next]?.children else { continue }
            waiting.append(contentsOf: children.map(\.node))
        }
        return false
    }

    /// The nodes that have `node` among their children, in the order of their ids.
    static func parents<Node: HierarchyNode>(of node: Node.ID, in nodes: [Node.ID: Node]) -> [Node.ID] {
        nodes.values.filter { $0.children.contains { $0.node == node } }.map(\.id).sorted()
    }

    /// The nodes that are nobody's child, in the order of their ids.
    static func roots<Node: HierarchyNode>(in nodes: [Node.ID: Node]) -> [Node.ID] {
        let children = Set(nodes.values.flatMap { $0.children.map(\.node) })
        return nodes.keys.filter { !children.contains($0) }.sorted()
    }

    /// Checks that `child` may go under `parent`: both exist, and `parent` does not lie below `child`.
    static func checkAdding<Node: HierarchyNode>(
        _ child: Node.ID, under parent: Node.ID, in nodes: [Node.ID: Node], kind: String
    ) throws(CompositionError) {
        guard nodes[parent] != nil else { throw .unknown(kind, parent) }
        guard nodes[child] != nil else { throw .unknown(kind, child) }
        guard !reaches(child, parent, in: nodes) else {
            throw CompositionError(child == parent
                ? "a \(kind) cannot contain itself"
                : "that would make a cycle: the \(kind) \(parent) already lies inside \(child)")
        }
    }

    /// The index of the child `place` among `parent`'s children.
    static func index<Node: HierarchyNode>(of place: ChildID, in parent: Node, kind: String) throws(CompositionError) -> Int {
        guard let index = parent.children.firstIndex(where: { $0.id == place }) else {
            throw CompositionError("the \(kind) \(parent.id) has no child \(place)")
        }
        return index
    }

    /// Moves the child `place` of `parent` to `index` (counted after taking it out), clamped to the ends.
    static func move<Node: HierarchyNode>(_ place: ChildID, to index: Int, in parent: inout Node, kind: String) throws(CompositionError) {
        let from = try self.index(of: place, in: parent, kind: kind)
        let child = parent.children.remove(at: from)
        parent.children.insert(child, at: min(max(0, index), parent.children.count))
    }
}
