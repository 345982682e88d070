import Foundation
import Geometry

/// The chordsets a new library starts with: the first thing a new performer plays, so each is a complete
/// voicing of its own — slow veils of light, the prism's spectrum, Cole's contrasts of purity, and a garden
/// of rhythms. Their ids and dates are fixed, so seeding a library is repeatable.
public enum FactoryChordsets {
    public static let all: [Chordset] = [lumia, prism, contrasts, pulseGarden]

    static let creationDate = Date(timeIntervalSince1970: 1_763_769_600)  // 2025-11-22

    static func make(_ id: String, _ title: String, _ index: Int, _ chords: [Chord]) -> Chordset {
        do {
            return try Chordset(
                id: UUID(uuidString: id)!, title: title, creationDate: creationDate, index: index, chords: chords)
        } catch {
            preconditionFailure("factory chordset \(title) is invalid: \(error)")  // A programming error, caught by tests.
        }
    }
}
