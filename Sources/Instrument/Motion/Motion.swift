import Foundation
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
    @inline(__always)
    public func displacement(after time: Double, seed: UInt64) -> Point {
        switch self {
        case .still:
            return .zero
        case .drift(let direction, let speed):
            let angle = 2 * .pi * direction
            return Point(x: cos(angle) * speed * time, y: sin(angle) * speed * time)
        case .orbit(let radius, let rate):
            let angle = 2 * .pi * rate * time
            return Point(x: radius * (cos(angle) - 1), y: radius * sin(angle))
        case .lissajous(let width, let height, let xRate, let yRate, let phase):
            return Point(
                x: width * sin(2 * .pi * (xRate * time + phase)) - width * sin(2 * .pi * phase),
                y: height * sin(2 * .pi * yRate * time))
        case .wander(let distance, let rate):
            let x = ValueNoise.sample(seed, rate * time) - ValueNoise.sample(seed, 0)
            let ySeed = seed ^ 0xA5A5_5A5A_C3C3_3C3C
            let y = ValueNoise.sample(ySeed, rate * time) - ValueNoise.sample(ySeed, 0)
            return Point(x: distance * x, y: distance * y)
        case .follow(let stroke, let speed):
            return stroke.point(atDistance: speed * time) - stroke.points[0]
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
