import Geometry

/// A lumi released onto the canvas: which design it follows, when and where it was released, how hard,
/// when its note-off came, and its own random stream.
struct LiveLumi: Hashable, Sendable {
    /// Index into the state's lumi table.
    var template: Int32
    /// -1 when not released by a pad (a tap, a stroke, a rhythm).
    var pad: Int8
    var releaseTime: Double
    /// Seconds after release at which the note-off came; infinity while held.
    var noteOffAge: Double
    /// When a canvas fade began for this lumi (infinity if none) and how long it lasts.
    var fadeStart: Double
    var fadeDuration: Double
    var velocity: Double
    /// The release point in canvas coordinates.
    var origin: Point
    var seed: UInt64
    /// Whose release it is, for a chord's own polyphony: the playing chordset's chord 0…7, or a composition's
    /// light voice by its key (`PerformanceState.key(ofLightVoice:)`); -1 when not known (an older checkpoint).
    var releaser: Int8 = -1
}

/// A held pad whose chord has a rhythm: its lumis are released on each step of the beat grid until the
/// pad goes up. The releases are worked out at each frame, so only the audible ones cost anything.
struct RhythmicPress: Hashable, Sendable {
    var pad: Int8
    var templates: [Int32]
    var rhythm: Rhythm
    var downTime: Double
    var upTime: Double
    var velocity: Double
    var seed: UInt64
    /// The longest release among the group's lumis: how long after its note-off a step stays visible.
    var longestRelease: Double
    var fadeStart: Double
    var fadeDuration: Double
}

/// A chord's panes lit by its pad.
struct LitPane: Hashable, Sendable {
    static let envelope = Envelope(attack: 0.05, hold: 0, release: 1.5)

    var pad: Int8
    var background: ColorSelection
    var pulse: Pulse
    var frames: [Rect]
    var litTime: Double
    var offAge: Double
    var velocity: Double
    var fadeStart: Double
    var fadeDuration: Double
}

/// A fade of the canvas: from `start`, over `duration` seconds, down to nothing.
@inline(__always)
func fadeLevel(at time: Double, start: Double, duration: Double) -> Double {
    guard time > start else { return 1 }
    guard duration > 0 else { return 0 }
    return max(0, 1 - (time - start) / duration)
}
