/// A node's place among its parent's children: which node, and the place's own identity (so that a part that
/// comes twice under one parent is two columns, and a muted cell stays with its column when columns move).
public struct Child<Node: Hashable & Sendable>: Hashable, Sendable {
    public let id: ChildID
    public let node: Node

    public init(id: ChildID, node: Node) {
        self.id = id
        self.node = node
    }
}
