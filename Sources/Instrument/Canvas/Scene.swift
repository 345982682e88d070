import Foundation
import Geometry

/// Everything one frame of the canvas shows, layer by layer, as a pure function of the performance log and
/// the moment: what renderers (the Swift rasterizer, the browser's WebGL) draw.
public struct Scene: Hashable, Sendable {
    public var time: Double
    /// The canvas size in its own units (width = aspect, height = 1).
    public var size: Size
    public var background: RGBAColor
    public var panes: [LitPaneInstance]
    /// Lumis and their trail stamps, in drawing order.
    public var instances: [SceneInstance]
    /// The form table the instances index.
    public var forms: [Form]
    /// The fraction of the trail layer that survives one second (0 clears it every frame, 1 keeps it).
    public var trailPersistence: Double
    /// How many times the canvas has been erased so far; when it changes, a renderer clears its trails.
    public var erasures: Int
    /// How strongly the output stage keeps the picture from burning out to white, 0 (not at all) to 1
    /// (`HeadroomLimiter`).
    public var headroom: Double
    /// Where each lumi a chord released is now, with that chord and when (for what follows a chord's light:
    /// the moving heads); not drawn.
    public var sounding: [SoundingPlace] = []

    public init(
        time: Double, size: Size = Canvas.bounds.size, background: RGBAColor = .black, panes: [LitPaneInstance] = [],
        instances: [SceneInstance] = [], forms: [Form] = [], trailPersistence: Double = 0.5, erasures: Int = 0,
        headroom: Double = 0
    ) {
        self.time = time
        self.size = size
        self.background = background
        self.panes = panes
        self.instances = instances
        self.forms = forms
        self.trailPersistence = trailPersistence
        self.erasures = erasures
        self.headroom = headroom
    }
}

/// A lumi on the canvas, as what follows a chord's light sees it: the chord's pad (0…7) that released it,
/// when, and where it is now (the canvas's units).
public struct SoundingPlace: Hashable, Sendable {
    public var pad: Int
    public var since: Double
    public var position: Point

    public init(pad: Int, since: Double, position: Point) {
        self.pad = pad
        self.since = since
        self.position = position
    }
}

extension Scene {
    /// The share of the trail layer that survives from a frame `elapsed` seconds before this one: the
    /// persistence raised to those seconds, a jump back in time or one of more than a second counting as one
    /// second. Every renderer and the output stage fade the trails by it.
    public func trailSurvival(after elapsed: Double) -> Double {
        pow(trailPersistence.clamped(to: 0...1), elapsed >= 0 && elapsed <= 1 ? elapsed : 1)
    }
}
