/// An edit or a value the composition model refuses, with a message in the composer's terms. Nothing is
/// changed when it is thrown.
public struct CompositionError: Error, Hashable, Sendable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) { self.description = description }

    static func unknown(_ kind: String, _ id: some CustomStringConvertible) -> CompositionError {
        CompositionError("there is no \(kind) \(id) in the music library")
    }
}

extension Double {
    /// `self` if it is finite and within `allowed`; otherwise a `CompositionError` naming `field`.
    func checked(_ field: String, in allowed: ClosedRange<Double>) throws(CompositionError) -> Double {
        guard isFinite, allowed.contains(self) else {
            throw CompositionError("\(field) is \(self); it must be between \(allowed.lowerBound) and \(allowed.upperBound)")
        }
        return self
    }
}
