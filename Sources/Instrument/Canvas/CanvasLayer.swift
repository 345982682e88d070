/// The layers of the canvas, from the bottom up: the background colour with its pulse, the panes lit by
/// chords, the trails lumis leave (a feedback layer that decays frame after frame), and the lumis.
public enum CanvasLayer: UInt8, Hashable, Sendable, Codable, CaseIterable {
    case background, panes, trails, lumis
}
