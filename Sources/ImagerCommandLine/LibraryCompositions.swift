import Audio
import Composition
import Engine
import Foundation
import Instrument
import Library

/// The SQLite library as the shelf live playback finds compositions on: the composition laid out at the
/// device's rate, its sounds decoded and resampled, the chords its visual voices light.
struct LibraryCompositions: CompositionShelf {
    let library: ChordsetLibrary

    func composition(named name: String, sampleRate: Int) throws -> LoadedComposition {
        let composition = try library.composition(named: name)
        let music = try library.musicLibrary()
        let top = try music.part(composition.pair.part)
        var start = 0.0
        var parts: [(name: String, seconds: Range<Double>)] = []
        for child in top.children {
            let length = try music.duration(of: child.node)
            parts.append((try music.part(child.node).name, start..<(start + length)))
            start += length
        }
        if parts.isEmpty { parts = [(top.name, 0..<(try music.duration(of: top.id)))] }
        return LoadedComposition(
            name: composition.name, arrangement: try Arrangement(of: composition.pair, in: music, sampleRate: sampleRate), parts: parts)
    }

    func samples(for arrangement: Arrangement) throws -> [SoundID: AudioBuffer] {
        try library.samples(for: arrangement)
    }

    func chord(_ reference: ChordReference) -> Chord? {
        guard let id = UUID(uuidString: reference.chordset), let chordset = try? library.chordset(id: id) else { return nil }
        return chordset.chords[reference.chord]
    }
}
