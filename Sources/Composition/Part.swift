/// A stretch of time the composer names — a bar, a verse, a song. Atomic until it is split; a composed part
/// is its children one after another, and lasts as long as they do together.
public struct Part: Hashable, Sendable {
    public let id: PartID
    public var name: String
    /// How long the part lasts while it is atomic, in ticks (also what it returns to if its last child goes).
    public internal(set) var length: Int
    /// Beats per minute: what a tick lasts in this part (a composed part's children have their own).
    public internal(set) var tempo: Double
    /// The sub-parts, in the order they are played.
    public internal(set) var children: [Child<PartID>]

    public var isAtomic: Bool { children.isEmpty }

    init(id: PartID, name: String, length: Int, tempo: Double, children: [Child<PartID>] = []) {
        self.id = id
        self.name = name
        self.length = length
        self.tempo = tempo
        self.children = children
    }
}
