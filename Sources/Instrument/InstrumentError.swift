import Geometry
import UserText

/// A value the instrument's model refuses: not a number, out of its range, or a name it does not know.
/// The message says what was wrong in the performer's terms; nothing is changed when it is thrown.
public struct InstrumentError: Error, Hashable, Sendable, CustomStringConvertible {
    private enum Kind: Hashable, Sendable {
        case notFinite(String)
        case outOfRange(String, Double, ClosedRange<Double>)
        case unknownName(String, String, [String])
        case invalid(String)
    }

    private let kind: Kind

    /// A number that is NaN or infinite.
    public static func notFinite(_ field: String) -> InstrumentError { InstrumentError(kind: .notFinite(field)) }

    /// A number outside the range its field allows.
    public static func outOfRange(_ field: String, _ value: Double, allowed: ClosedRange<Double>) -> InstrumentError {
        InstrumentError(kind: .outOfRange(field, value, allowed))
    }

    /// A name (a form, a waveform, an intent) that is not one of `known`.
    public static func unknownName(_ kind: String, _ name: String, known: [String]) -> InstrumentError {
        InstrumentError(kind: .unknownName(kind, name, known))
    }

    /// Any other refusal, with its message.
    public static func invalid(_ message: String) -> InstrumentError { InstrumentError(kind: .invalid(message)) }

    public var description: String {
        switch kind {
        case .notFinite(let field):
            "\(field) must be a finite number"
        case .outOfRange(let field, let value, let allowed):
            "\(field) is \(value); it must be between \(allowed.lowerBound) and \(allowed.upperBound)"
        case .unknownName(let kind, let name, let known):
            "unknown \(kind) \"\(UserText.printable(name))\"; known: \(known.joined(separator: ", "))"
        case .invalid(let message):
            message
        }
    }
}

extension Double {
    /// `self` if it is finite and within `allowed`; otherwise an `InstrumentError` naming `field`.
    public func checked(_ field: String, in allowed: ClosedRange<Double>) throws(InstrumentError) -> Double {
        guard isFinite else { throw .notFinite(field) }
        guard allowed.contains(self) else { throw .outOfRange(field, self, allowed: allowed) }
        return self
    }
}
