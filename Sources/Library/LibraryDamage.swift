import Composition
import UserText

/// A record of the library that cannot be read as it is — a chordset whose title or chords break a rule, a
/// part, voice, sound, score, link or composition that does not hold together — kept aside so that
/// everything else opens and plays. It is never deleted by reading: it is listed (`damage()`, the console,
/// the lab, `imager library check`) with why, until it is renamed or deleted by the performer.
public struct LibraryDamage: Error, Hashable, Sendable {
    /// Which kind of record: a chordset, or a row of the music library.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        case chordset, sound, part, voice, partChild, voiceChild, score, pair, mutedCell, composition
    }

    public let kind: Kind
    /// The record's key: a chordset's id; a music record's number; a pair "part-voice"; a muted cell
    /// "part-voice-column-row".
    public let key: String
    /// The name as stored, what the text rule refuses written out as `\u{…}`; nil for records without one.
    public let name: String?
    /// Why it cannot be read, in one line.
    public let reason: String

    public init(kind: Kind, key: String, name: String?, reason: String) {
        (self.kind, self.key, self.name, self.reason) = (kind, key, name, reason)
    }

    init(_ record: SetAsideRecord) {
        self.init(kind: Kind(rawValue: record.kind.rawValue)!, key: record.key, name: record.name.map(UserText.printable), reason: record.reason)
    }

    /// Whether the record has a name that a rename can mend.
    public var isRenamable: Bool { [.chordset, .sound, .part, .voice, .composition].contains(kind) }

    /// The record as a person would name it in a sentence.
    public var shownName: String { name.map { "\"\($0)\"" } ?? "\(kind.rawValue) \(key)" }
}
