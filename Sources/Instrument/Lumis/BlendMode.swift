/// How a lumi's light combines with what is beneath it.
public enum BlendMode: String, Hashable, Sendable, Codable, CaseIterable {
    /// Paint over (alpha compositing).
    case sourceOver
    /// Add light: overlapping lumis glow brighter.
    case additive
    /// Lighten softly, never past white.
    case screen
    /// Darken, as filters do.
    case multiply
}
