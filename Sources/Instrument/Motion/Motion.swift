import Geometry

/// How a lumi travels from where it was released. Every motion is a displacement from the release point as
/// a closed-form function of travelled time, so any frame can be computed on its own.
public enum Motion: Hashable, Sendable {
    /// Stays where it was released.
    case still
    /// Travels in a straight line: `direction` in turns (0 = right, 0.25 = down), `speed` in canvas heights
    /// per second.
    case drift(direction: Double, speed: Double)
    /// Circles the release point: `radius` in canvas heights, `rate` in turns per second (negative turns the
    /// other way).
    case orbit(radius: Double, rate: Double)
    /// Traces a Lissajous figure of the given half-width and half-height (canvas heights) with the given
    /// horizontal and vertical frequencies (Hz) and a phase between them (turns).
    case lissajous(width: Double, height: Double, xRate: Double, yRate: Double, phase: Double)
    /// Wanders on seeded smooth noise up to `distance` canvas heights away, changing course `rate` times a
    /// second.
    case wander(distance: Double, rate: Double)
    /// Travels along a drawn stroke at `speed` canvas heights per second, back and forth.
    case follow(Stroke, speed: Double)

    public static let kinds = ["still", "drift", "orbit", "lissajous", "wander", "follow"]

    public var kind: String {
        switch self {
        case .still: "still"
        case .drift: "drift"
        case .orbit: "orbit"
        case .lissajous: "lissajous"
        case .wander: "wander"
        case .follow: "follow"
        }
    }

    /// The displacement from the release point after travelling for `time` seconds (the lumi's speed
    /// feature already folded in), for a lumi whose random stream is `seed`.
    public func displacement(after time: Double, seed: UInt64) -> Point {
        let compiled = Compiled(self, stroke: 0)
        guard case .follow(let stroke, _) = self else { return compiled.displacement(after: time, seed: seed, strokes: nil) }
        return withUnsafePointer(to: stroke) { compiled.displacement(after: time, seed: seed, strokes: $0) }
    }

    /// The motion as plain numbers, for the per-frame evaluation: the one place where the motions'
    /// formulas live. A followed stroke is kept apart, by index, so evaluation touches no reference.
    struct Compiled: Hashable, Sendable {
        enum Kind: UInt8 { case still, drift, orbit, lissajous, wander, follow }

        var kind: Kind
        var a = 0.0, b = 0.0, c = 0.0, d = 0.0, e = 0.0
        /// The followed stroke's index in the caller's stroke table.
        var stroke: Int32 = -1

        init(_ motion: Motion, stroke index: Int32) {
            switch motion {
            case .still: kind = .still
            case .drift(let direction, let speed):
                kind = .drift; a = Turns.cos(direction) * speed; b = Turns.sin(direction) * speed
            case .orbit(let radius, let rate): kind = .orbit; a = radius; b = rate
            case .lissajous(let width, let height, let xRate, let yRate, let phase):
                kind = .lissajous; a = width; b = height; c = xRate; d = yRate; e = phase
            case .wander(let distance, let rate): kind = .wander; a = distance; b = rate
            case .follow(_, let speed): kind = .follow; a = speed; stroke = index
            }
        }

        @inline(__always)
        func displacement(after time: Double, seed: UInt64, strokes: UnsafePointer<Stroke>?) -> Point {
            switch kind {
            case .still:
                return .zero
            case .drift:
                return Point(x: a * time, y: b * time)
            case .orbit:
                let turns = b * time
                return Point(x: a * (Turns.cos(turns) - 1), y: a * Turns.sin(turns))
            case .lissajous:
                return Point(x: a * (Turns.sin(c * time + e) - Turns.sin(e)), y: b * Turns.sin(d * time))
            case .wander:
                let ySeed = seed ^ 0xA5A5_5A5A_C3C3_3C3C
                let x = ValueNoise.sample(seed, b * time) - ValueNoise.atWhole(seed, 0)
                let y = ValueNoise.sample(ySeed, b * time) - ValueNoise.atWhole(ySeed, 0)
                return Point(x: a * x, y: a * y)
            case .follow:
                guard let stroke = strokes?.advanced(by: Int(self.stroke)) else { return .zero }
                return stroke.pointee.point(atDistance: a * time) - stroke.pointee.points[0]
            }
        }
    }

    /// Checks every number; throws naming the first that is not finite or out of range.
    public func validate() throws(InstrumentError) {
        switch self {
        case .still: break
        case .drift(let direction, let speed):
            _ = try direction.checked("drift direction (turns)", in: -1000...1000)
            _ = try speed.checked("drift speed", in: 0...100)
        case .orbit(let radius, let rate):
            _ = try radius.checked("orbit radius", in: 0...10)
            _ = try rate.checked("orbit rate", in: -100...100)
        case .lissajous(let width, let height, let xRate, let yRate, let phase):
            _ = try width.checked("Lissajous width", in: 0...10)
            _ = try height.checked("Lissajous height", in: 0...10)
            _ = try xRate.checked("Lissajous x rate", in: -100...100)
            _ = try yRate.checked("Lissajous y rate", in: -100...100)
            _ = try phase.checked("Lissajous phase", in: -1000...1000)
        case .wander(let distance, let rate):
            _ = try distance.checked("wander distance", in: 0...10)
            _ = try rate.checked("wander rate", in: 0...100)
        case .follow(_, let speed):
            _ = try speed.checked("follow speed", in: 0...100)
        }
    }
}
