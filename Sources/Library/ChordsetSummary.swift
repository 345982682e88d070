import Foundation

/// A chordset as the list shows it: its place, title and date, without its chords.
public struct ChordsetSummary: Hashable, Sendable {
    public let id: UUID
    public let index: Int
    public let title: String
    public let creationDate: Date

    /// Its place in the list as people count: 1 for the first.
    public var number: Int { index + 1 }
}
