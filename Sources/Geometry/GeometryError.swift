/// A value given to a geometry model that it cannot draw: not a number, infinite, or outside its range.
public struct GeometryError: Error, Hashable, Sendable, CustomStringConvertible {
    private enum Kind: Hashable, Sendable {
        case notFinite(String)
        case outOfRange(String, Double, ClosedRange<Double>)
    }

    private let kind: Kind

    public static func notFinite(_ name: String) -> GeometryError { GeometryError(kind: .notFinite(name)) }

    public static func outOfRange(_ name: String, _ value: Double, allowed: ClosedRange<Double>) -> GeometryError {
        GeometryError(kind: .outOfRange(name, value, allowed))
    }

    public var description: String {
        switch kind {
        case .notFinite(let name):
            "\(name) must be a finite number"
        case .outOfRange(let name, let value, let allowed):
            "\(name) is \(value); it must be between \(allowed.lowerBound) and \(allowed.upperBound)"
        }
    }

    /// Returns `value` if it is finite and inside `allowed`, and throws a `GeometryError` naming it if not.
    public static func checked(_ value: Double, _ name: String, in allowed: ClosedRange<Double>) throws -> Double {
        guard value.isFinite else { throw notFinite(name) }
        guard allowed.contains(value) else { throw outOfRange(name, value, allowed: allowed) }
        return value
    }
}
