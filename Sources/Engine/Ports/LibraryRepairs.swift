/// What the live session asks of the library about its damaged records (a port; `imager serve` plugs in the
/// SQLite library): the records that cannot be read as they are, and renaming or deleting one of them.
public protocol LibraryRepairs: Sendable {
    /// Every damaged record, chordsets first — or those of the chordsets, or of the music library, alone.
    func damage(chordsets: Bool, music: Bool) throws(LiveError) -> [DamagedRecord]
    /// Gives a damaged record a new name (the text rule's); `notFound` when there is no such damaged record.
    func rename(_ kind: String, _ key: String, to name: String) throws(LiveError)
    /// Deletes a damaged record for good; `notFound` when there is no such damaged record.
    func delete(_ kind: String, _ key: String) throws(LiveError)
}

/// A record of the library set aside because it cannot be read as it is, as a client is told of it.
public struct DamagedRecord: Hashable, Sendable, Codable {
    /// "chordset", or the music library's "sound", "part", "voice", "partChild", "voiceChild", "score",
    /// "pair", "mutedCell", "composition".
    public let kind: String
    /// Its key: a chordset's id, a music record's number ("part-voice" for a pair).
    public let id: String
    /// Its name as stored, control characters written out as `\u{…}`; nil for what has no name.
    public let name: String?
    public let reason: String
    /// Whether a new name can mend it.
    public let renamable: Bool

    public init(kind: String, id: String, name: String?, reason: String, renamable: Bool) {
        (self.kind, self.id, self.name, self.reason, self.renamable) = (kind, id, name, reason, renamable)
    }

    /// Whether it is a chordset (the console's list) rather than a record of the music library (the lab's).
    public var isChordset: Bool { kind == "chordset" }

    enum CodingKeys: CodingKey { case kind, id, name, reason, renamable }

    // A record without a name says so (`"name": null`).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(reason, forKey: .reason)
        try container.encode(renamable, forKey: .renamable)
    }
}
