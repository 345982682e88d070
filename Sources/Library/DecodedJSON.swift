import Foundation
import Synchronization

/// Values decoded from the library's JSON columns, kept by the text they came from: decoding is a pure
/// function of the text, and the library reads whole chordsets and the whole music library at every change
/// (the chordset list, a music edit), where a row whose text has not changed is not decoded again. At most
/// `limit` texts are kept (all are let go when it is reached).
final class DecodedJSON<Value: Decodable & Sendable>: Sendable {
    private let kept = Mutex<[String: Value]>([:])
    private let limit: Int

    init(limit: Int) { self.limit = limit }

    /// Lets go of every value kept.
    func forget() { kept.withLock { $0.removeAll() } }

    /// The value `text` holds.
    func value(of text: String) throws -> Value {
        if let value = kept.withLock({ $0[text] }) { return value }
        let value = try JSONDecoder().decode(Value.self, from: Data(text.utf8))
        kept.withLock { kept in
            if kept.count >= limit { kept.removeAll(keepingCapacity: true) }
            kept[text] = value
        }
        return value
    }
}
