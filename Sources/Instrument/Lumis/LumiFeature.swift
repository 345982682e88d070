/// The dozen features of a lumi that oscillators drive, with the range each feature's value is kept in.
public enum LumiFeature: String, CaseIterable, Hashable, Sendable, Codable {
    /// Sway along the lumi's heading, in canvas heights.
    case position
    /// The form's size, in canvas heights.
    case size
    /// The form's rotation, in turns.
    case rotation
    /// The hue, 0…1 (wraps around the colour wheel).
    case hue
    case saturation
    case brightness
    case opacity
    /// Stretch of the form: positive widens it and flattens it, negative narrows it and makes it taller.
    case morph
    /// The outline's width as a fraction of the size; 0 fills the form.
    case strokeWidth
    /// How fast the lumi travels along its motion, as a multiple of the motion's own speed.
    case speed
    /// Turns the lumi's whole motion about its release point, in turns.
    case direction
    /// How much of the lumi is left behind on the trail layer (0…1).
    case trail

    /// The range the feature's value is kept in after its oscillator is applied.
    public var range: ClosedRange<Double> {
        switch self {
        case .position: -2...2
        case .size: 0...2
        case .rotation, .direction: -1000...1000
        case .hue: 0...1
        case .saturation, .brightness, .opacity, .trail: 0...1
        case .morph: -0.9...0.9
        case .strokeWidth: 0...0.5
        case .speed: 0...20
        }
    }

    /// Whether the value wraps around its range (a hue) instead of being clamped to it.
    public var wraps: Bool { self == .hue }

    /// The value of a lumi that has not been told otherwise.
    public var defaultBase: Double {
        switch self {
        case .size: 0.1
        case .saturation, .brightness, .opacity, .speed: 1
        default: 0
        }
    }

    /// Keeps `value` in the feature's range by its rule (wrap or clamp).
    @inline(__always)
    public func limit(_ value: Double) -> Double {
        wraps ? value.wrappedUnit : value.clamped(to: range)
    }
}
