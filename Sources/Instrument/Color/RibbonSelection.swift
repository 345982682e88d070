/// A selection on a ribbon (the hue ribbon or the purity ribbon): a centre and a range, both 0…1.
///
/// The rules of seed 001: a drag puts the centre where the finger is (clamped to the ribbon); a pinch or
/// the wheel widens or narrows the range in steps of 0.01, never beyond 0…1; after every change the centre
/// is moved, if it must be, so that the whole range `centre ± range/2` stays on the ribbon. A range is not
/// a colour: it is played, by an oscillator or a pulse, through `value(at:)`.
public struct RibbonSelection: Hashable, Sendable, Codable {
    /// The size of one widening or narrowing step.
    public static let step = 0.01

    public private(set) var center: Double
    public private(set) var range: Double

    /// A selection with the given centre and range. Both are clamped to 0…1 and the centre is then
    /// re-clamped to keep the range on the ribbon; a NaN or infinite value throws.
    public init(center: Double, range: Double = 0) throws(InstrumentError) {
        guard center.isFinite else { throw .notFinite("ribbon centre") }
        guard range.isFinite else { throw .notFinite("ribbon range") }
        self.init(uncheckedCenter: center, range: range)
    }

    /// For literals in code, where the values are known to be finite.
    init(uncheckedCenter center: Double, range: Double) {
        self.range = range.clamped(to: 0...1)
        self.center = center.clamped(to: 0...1)
        keepRangeOnRibbon()
    }

    /// A drag: the centre follows the finger's position along the ribbon, as a fraction of its length.
    public mutating func drag(to location: Double) throws(InstrumentError) {
        guard location.isFinite else { throw .notFinite("drag location") }
        center = location.clamped(to: 0...1)
        keepRangeOnRibbon()
    }

    /// One pinch-out or wheel step: the range grows by 0.01, up to 1.
    public mutating func widen() { setRangeSteps(rangeSteps + 1) }

    /// One pinch-in or wheel step: the range shrinks by 0.01, down to 0.
    public mutating func narrow() { setRangeSteps(rangeSteps - 1) }

    /// A pinch gesture's scale: above 1 widens by one step, below 1 narrows by one step (seed 001).
    public mutating func pinch(scale: Double) throws(InstrumentError) {
        guard scale.isFinite else { throw .notFinite("pinch scale") }
        if scale > 1 { widen() } else if scale < 1 { narrow() }
    }

    /// Sets the range directly (a fader, OSC), rounded to the 0.01 grid and clamped to 0…1.
    public mutating func setRange(_ newRange: Double) throws(InstrumentError) {
        guard newRange.isFinite else { throw .notFinite("ribbon range") }
        setRangeSteps(Int((newRange.clamped(to: 0...1) / Self.step).rounded()))
    }

    /// Sets the centre directly; the same as a drag.
    public mutating func setCenter(_ newCenter: Double) throws(InstrumentError) { try drag(to: newCenter) }

    /// The lowest value of the range.
    public var lowerBound: Double { center - range / 2 }
    /// The highest value of the range.
    public var upperBound: Double { center + range / 2 }

    /// The value at `position` (0…1, clamped) through the range: 0 is its lower end, 1 its upper end.
    public func value(at position: Double) -> Double {
        guard range > 0 else { return center }
        return lowerBound + range * position.clamped(to: 0...1)
    }

    /// The thumb's left edge in ribbon fractions, for drawing it: `centre − range/2`.
    public var thumbStart: Double { lowerBound }

    private var rangeSteps: Int { Int((range / Self.step).rounded()) }

    private mutating func setRangeSteps(_ steps: Int) {
        range = Double(min(max(steps, 0), 100)) * Self.step
        keepRangeOnRibbon()
    }

    private mutating func keepRangeOnRibbon() {
        if center + range / 2 > 1 { center = 1 - range / 2 }
        if center - range / 2 < 0 { center = range / 2 }
    }
}

extension RibbonSelection {
    private enum CodingKeys: String, CodingKey { case center, range }

    /// Reads a selection from a file, refusing one whose numbers are not finite, outside 0…1, or whose range
    /// does not fit on the ribbon around its centre (files hold what the rules produced; anything else is
    /// not a selection this instrument made).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let center = try container.decode(Double.self, forKey: .center).checked("ribbon centre", in: 0...1)
        let range = try container.decode(Double.self, forKey: .range).checked("ribbon range", in: 0...1)
        guard center - range / 2 >= -1e-9, center + range / 2 <= 1 + 1e-9 else {
            throw InstrumentError.invalid("a ribbon range of \(range) around \(center) does not fit on the ribbon")
        }
        self.init(uncheckedCenter: center, range: range)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(center, forKey: .center)
        try container.encode(range, forKey: .range)
    }
}
