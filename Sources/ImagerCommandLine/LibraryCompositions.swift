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
        return try loaded(composition.pair, named: composition.name, in: try library.musicLibrary(), sampleRate: sampleRate)
    }

    func pair(_ pair: Pair, sampleRate: Int) throws -> LoadedComposition {
        let music = try library.musicLibrary()
        let name = "\(try music.part(pair.part).name) × \(try music.voice(pair.voice).name)"
        return try loaded(pair, named: name, in: music, sampleRate: sampleRate)
    }

    func sound(_ sound: SoundID, sampleRate: Int) throws -> LoadedComposition {
        let (music, pair) = try library.musicLibrary().preview(of: sound)
        return try loaded(pair, named: try music.voice(pair.voice).name, in: music, sampleRate: sampleRate)
    }

    /// `pair` laid out, with its top part's children and the seconds each plays (the part itself when atomic).
    private func loaded(_ pair: Pair, named name: String, in music: MusicLibrary, sampleRate: Int) throws -> LoadedComposition {
        let top = try music.part(pair.part)
        var start = 0.0
        var parts: [(name: String, seconds: Range<Double>)] = []
        for child in top.children {
            let length = try music.duration(of: child.node)
            parts.append((try music.part(child.node).name, start..<(start + length)))
            start += length
        }
        if parts.isEmpty { parts = [(top.name, 0..<(try music.duration(of: top.id)))] }
        return LoadedComposition(
            name: name, pair: pair, arrangement: try Arrangement(of: pair, in: music, sampleRate: sampleRate), parts: parts)
    }

    func samples(for arrangement: Arrangement) throws -> [SoundID: AudioBuffer] {
        try library.samples(for: arrangement)
    }

    func chord(_ reference: ChordReference) throws -> Chord? {
        guard let id = UUID(uuidString: reference.chordset) else { return nil }
        do {
            return try library.chordset(id: id).chords[reference.chord]
        } catch where error.code == .notFound {
            return nil
        }
    }
}
