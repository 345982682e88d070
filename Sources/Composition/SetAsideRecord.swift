/// A record of a music library's contents that breaks a rule — a name the text rule refuses, a reference to
/// nothing, an event outside its part — set aside by `MusicLibrary.salvaging` so that everything else opens
/// and plays. It is not deleted: it waits, with why, to be renamed or deleted by the composer.
public struct SetAsideRecord: Hashable, Sendable {
    /// Which table of the library the record is a row of.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        case sound, part, voice, partChild, voiceChild, score, pair, mutedCell, composition
    }

    public let kind: Kind
    /// The record's key in its table: its number; for a pair "part-voice"; for a muted cell
    /// "part-voice-column-row" (row "none" for an atomic voice's own row).
    public let key: String
    /// The record's name as it was stored, for the things that have one.
    public let name: String?
    /// Why it was set aside, in one line.
    public let reason: String

    public init(kind: Kind, key: String, name: String?, reason: String) {
        (self.kind, self.key, self.name, self.reason) = (kind, key, name, reason)
    }
}
