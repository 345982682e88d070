/// The music library's name for one of its things — a part, a voice, a child's place under its parent, a
/// score, a sound, a composition. Numbers given out by one library, never reused in it; the `Kind` keeps a
/// part's number from being taken for a voice's.
public struct Identifier<Kind>: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: Int64

    public init(_ rawValue: Int64) { self.rawValue = rawValue }

    public init(from decoder: any Decoder) throws { rawValue = try decoder.singleValueContainer().decode(Int64.self) }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
    public var description: String { "#\(rawValue)" }
}

/// The kinds an `Identifier` may name: markers only, never made.
public enum PartKind {}
public enum VoiceKind {}
public enum ChildKind {}
public enum ScoreKind {}
public enum SoundKind {}
public enum CompositionKind {}

public typealias PartID = Identifier<PartKind>
public typealias VoiceID = Identifier<VoiceKind>
/// One place of a node among its parent's children: a part may come twice under one parent (A A B A), and
/// each time is a column of its own.
public typealias ChildID = Identifier<ChildKind>
public typealias ScoreID = Identifier<ScoreKind>
public typealias SoundID = Identifier<SoundKind>
public typealias CompositionID = Identifier<CompositionKind>
