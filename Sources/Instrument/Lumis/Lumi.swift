import Geometry

/// A lumi (Logical Unit for Manipulating Images): the basic painting unit. A form with colours, moving along
/// a path, its dozen features each driven by its own oscillator.
public struct Lumi: Hashable, Sendable, Codable {
    public var form: Form
    public var motion: Motion
    public var edges: EdgeBehavior
    public var blend: BlendMode
    public var envelope: Envelope
    public var features: LumiFeatures
    /// Where the lumi is released when its chord is played from a pad, in canvas fractions (0…1 across,
    /// 0…1 down). A tap or a stroke releases the chord's group around the touch, keeping these offsets
    /// from the group's middle (0.5, 0.5).
    public var anchor: Point

    public init(
        form: Form = .circle, motion: Motion = .still, edges: EdgeBehavior = .bounce,
        blend: BlendMode = .additive, envelope: Envelope = Envelope(), features: LumiFeatures = LumiFeatures(),
        anchor: Point = Point(x: 0.5, y: 0.5)
    ) {
        self.form = form
        self.motion = motion
        self.edges = edges
        self.blend = blend
        self.envelope = envelope
        self.features = features
        self.anchor = anchor
    }

    /// Checks every part; throws naming the first value that is not finite or out of range.
    public func validate() throws(InstrumentError) {
        try form.validate()
        try motion.validate()
        try envelope.validate()
        try features.validate()
        guard anchor.isFinite else { throw .notFinite("lumi anchor") }
        _ = try anchor.x.checked("lumi anchor x", in: -1...2)
        _ = try anchor.y.checked("lumi anchor y", in: -1...2)
    }
}
