import Foundation
import UserText

/// A chordset: eight chords in order — the instrument's voicing at a given moment, like an organ's presets.
public struct Chordset: Hashable, Sendable, Codable, Identifiable {
    public static let chordCount = 8
    public static let maximumTitleLength = UserText.maximumLength

    public var id: UUID
    public var title: String
    public var creationDate: Date
    /// The chordset's place in the performer's list.
    public var index: Int
    /// Exactly eight chords, at positions 0…7 in order.
    public private(set) var chords: [Chord]
    /// How strongly the output stage keeps a full stage from burning out (0…1, `HeadroomLimiter`), taken up
    /// by the performance when the chordset is loaded; nil: the chordset leaves the performer's setting as
    /// it is.
    public var headroom: Double?

    /// A chordset of the given chords, which must be eight, one at each position 0…7 (in any order; they
    /// are kept sorted by position).
    public init(
        id: UUID = UUID(), title: String, creationDate: Date = Date(), index: Int, chords: [Chord], headroom: Double? = nil
    ) throws(InstrumentError) {
        self.id = id
        self.title = title
        self.creationDate = creationDate
        self.index = index
        self.chords = chords.sorted { $0.position < $1.position }
        self.headroom = headroom
        try validate()
    }

    /// A new chordset of eight empty chords.
    public static func empty(title: String, index: Int, id: UUID = UUID(), creationDate: Date = Date()) throws(InstrumentError) -> Chordset {
        try Chordset(id: id, title: title, creationDate: creationDate, index: index, chords: (0..<8).map(Chord.empty))
    }

    public subscript(position: Int) -> Chord { chords[position] }

    /// Replaces the chord at `chord.position` (seed 002's shift-store).
    public mutating func store(_ chord: Chord) throws(InstrumentError) {
        try chord.validate()
        chords[chord.position] = chord
    }

    /// Moves the chord at `from` to `to` (both 0…7), shifting the chords between them; every chord takes its
    /// new position.
    public mutating func moveChord(from: Int, to: Int) throws(InstrumentError) {
        for (name, position) in [("from", from), ("to", to)] where !(0..<Self.chordCount).contains(position) {
            throw .invalid("there is no chord \(position + 1) to move \(name); chords are numbered 1 to \(Self.chordCount)")
        }
        let moving = chords.remove(at: from)
        chords.insert(moving, at: to)
        for position in chords.indices { chords[position].position = position }
    }

    public func validate() throws(InstrumentError) {
        try Self.checkKept(title, as: "a chordset title")
        guard chords.count == Self.chordCount else {
            throw .invalid("a chordset has exactly \(Self.chordCount) chords; this one has \(chords.count)")
        }
        guard chords.map(\.position) == Array(0..<Self.chordCount) else {
            throw .invalid("a chordset needs one chord at each position 1 to 8")
        }
        for chord in chords { try chord.validate() }
        if let headroom { _ = try headroom.checked("a chordset's headroom", in: 0...1) }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(
            id: try container.decode(UUID.self, forKey: .id),
            title: try Self.checkedText(try container.decode(String.self, forKey: .title), as: "a chordset title"),
            creationDate: try container.decode(Date.self, forKey: .creationDate),
            index: try container.decode(Int.self, forKey: .index),
            chords: try container.decode([Chord].self, forKey: .chords),
            headroom: try container.decodeIfPresent(Double.self, forKey: .headroom))
    }
}

extension Chordset {
    /// `text` as the text rule keeps it (`UserText`), or the rule's refusal as an `InstrumentError`: for
    /// titles arriving at a door (a file, a log, a request).
    public static func checkedText(_ text: String, as what: String, allowsEmpty: Bool = false) throws(InstrumentError) -> String {
        do { return try UserText.checked(text, as: what, allowsEmpty: allowsEmpty) } catch { throw .invalid(error.description) }
    }

    /// Refuses `text` unless the text rule keeps it exactly as it is: what a chordset or chord holds.
    static func checkKept(_ text: String, as what: String, allowsEmpty: Bool = false) throws(InstrumentError) {
        guard try checkedText(text, as: what, allowsEmpty: allowsEmpty) == text else {
            throw .invalid("\(what) is kept composed (NFC) and without spaces at its ends; \"\(text)\" is not")
        }
    }
}
