import Composition
import Foundation
import Synchronization

/// Scores' events as decoded from their rows' JSON, kept by score with the text they came from: the music
/// library is read whole at every edit, and a score whose text has not changed is not decoded again. What
/// is kept is always what the row holds now — a changed text is decoded afresh.
final class DecodedScores: Sendable {
    private let kept = Mutex<[Int64: (text: String, events: [ScoreEvent])]>([:])
    private static let decoder = JSONDecoder()

    /// The events of score `id`, whose row holds `text`.
    func events(of id: Int64, text: String) throws -> [ScoreEvent] {
        if let known = kept.withLock({ $0[id] }), known.text == text { return known.events }
        let events = try Self.decoder.decode([ScoreEvent].self, from: Data(text.utf8))
        kept.withLock { $0[id] = (text, events) }
        return events
    }
}
