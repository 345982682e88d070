import Foundation

/// A decoding error in a sentence: where in the file, and what was wrong there.
public struct DecodingProblem: CustomStringConvertible, Sendable {
    public let error: DecodingError

    public init(_ error: DecodingError) { self.error = error }

    public var description: String {
        func place(_ path: [any CodingKey]) -> String {
            let text = path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return text.isEmpty ? "the top" : String(text.drop { $0 == "." })
        }
        switch error {
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "it is not valid JSON" : "at \(place(context.codingPath)): \(context.debugDescription)"
        case .keyNotFound(let key, let context): return "at \(place(context.codingPath)): \"\(key.stringValue)\" is missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "at \(place(context.codingPath)): \(context.debugDescription)"
        @unknown default: return "\(error)"
        }
    }
}
