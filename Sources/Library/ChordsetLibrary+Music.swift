import Audio
import AudioFiles
import Composition
import Foundation
import GRDB
import Instrument

/// The music library (seed 003) in the same SQLite file as the chordsets: compositions, the hierarchies of
/// parts and voices, scores, and the audio files the voices play, stored whole in the library so that nothing
/// depends on a file elsewhere staying put.
extension ChordsetLibrary {
    /// The music library as stored, less what cannot be read (`damage()` lists that).
    public func musicLibrary() throws(LibraryError) -> MusicLibrary {
        try read { db in try musicLibrary(db).library }
    }

    /// Changes the music library in one transaction: `change` edits the library as stored and may add sounds'
    /// files (by the ids `addSound` gave); what it leaves is checked whole and written. If it throws, or the
    /// result does not hold together, nothing is written.
    @discardableResult
    public func changeMusic<T>(
        _ change: (inout MusicLibrary, inout [SoundID: [UInt8]]) throws -> T
    ) throws(LibraryError) -> T {
        try write { db in
            let stored = try musicLibrary(db)
            var library = stored.library
            var files: [SoundID: [UInt8]] = [:]
            let result: T
            do {
                result = try change(&library, &files)
                library = try MusicLibrary(contents: library.contents)
            } catch let error as CompositionError {
                throw LibraryError(.invalid, error.description, cause: error)
            }
            try Self.writeMusic(library.contents, over: stored.library.contents, newSounds: Dictionary(uniqueKeysWithValues: files.map { ($0.key.rawValue, $0.value) }), db)
            let deleted = Set(stored.library.sounds.keys).subtracting(library.sounds.keys)
            forgetDecoded(files.keys.map(\.rawValue) + deleted.map(\.rawValue))
            return result
        }
    }

    /// The audio file of a sound, as it was imported or made.
    public func soundFile(_ id: SoundID) throws(LibraryError) -> [UInt8] {
        guard let data = try read({ db in try Data.fetchOne(db, sql: "SELECT file FROM musicSound WHERE id = ?", arguments: [id.rawValue]) }) else {
            throw LibraryError(.notFound, "there is no sound \(id) in the library")
        }
        return [UInt8](data)
    }

    /// The samples of every sound `arrangement` plays, decoded and at its rate.
    public func samples(for arrangement: Arrangement) throws(LibraryError) -> [SoundID: AudioBuffer] {
        let records = try musicLibrary().sounds
        let used = Set(arrangement.sounds.map(\.sound))
        let total = used.reduce(0.0) { sum, id in
            sum + (records[id].map { Double($0.frameCount * $0.channelCount) * Double(arrangement.sampleRate) / Double($0.sampleRate) } ?? 0)
        }
        guard total <= Double(Self.mostSamplesPlayed) else {
            throw LibraryError(.invalid, "the composition's sounds hold more than a performance plays at once (\(Self.mostSamplesPlayed >> 20) M samples)")
        }
        var buffers: [SoundID: AudioBuffer] = [:]
        for id in used {
            let key = DecodedSound(sound: id, sampleRate: arrangement.sampleRate)
            if let kept = decodedSounds.withLock({ $0[key] }) {
                buffers[id] = kept
                continue
            }
            let file = try soundFile(id)
            do {
                buffers[id] = try Resampler.resample(try AudioFile.decode(file, named: "sound \(id)"), to: arrangement.sampleRate)
            } catch {
                throw LibraryError(.storage, "the library's sound \(id) cannot be played: \(error)", cause: error)
            }
        }
        keepDecoded(buffers, at: arrangement.sampleRate)
        return buffers
    }

    /// How many sounds have been decoded and are kept (for tests: a reload decodes nothing again).
    public var decodedSoundCount: Int { decodedSounds.withLock { $0.count } }

    /// Keeps `buffers` for the next time they are played at `rate`, within `mostSamplesPlayed` samples in all
    /// (past that, what was kept before is let go).
    func keepDecoded(_ buffers: [SoundID: AudioBuffer], at rate: Int) {
        decodedSounds.withLock { kept in
            let adding = buffers.values.reduce(0) { $0 + $1.samples.count }
            if kept.values.reduce(0, { $0 + $1.samples.count }) + adding > Self.mostSamplesPlayed { kept.removeAll() }
            for (id, buffer) in buffers { kept[DecodedSound(sound: id, sampleRate: rate)] = buffer }
        }
    }

    /// Forgets the decoded samples of `sounds` (their files were replaced or deleted).
    func forgetDecoded(_ sounds: some Sequence<Int64>) {
        let gone = Set(sounds)
        guard !gone.isEmpty else { return }
        decodedSounds.withLock { kept in kept = kept.filter { !gone.contains($0.key.sound.rawValue) } }
        soundOutlines.withLock { kept in kept = kept.filter { !gone.contains($0.key.rawValue) } }
    }

    /// The most samples the sounds of one performance may hold, decoded, at its rate: 2²⁹ (2 GB of floats).
    public static let mostSamplesPlayed = 1 << 29

    /// The composition called `name` (whatever its case), or numbered so in the list (from 1).
    public func composition(named name: String) throws(LibraryError) -> Composition {
        let library = try musicLibrary()
        let all = library.compositions.values.sorted { $0.name.lowercased() < $1.name.lowercased() }
        if let number = Int(name), number >= 1, number <= all.count { return all[number - 1] }
        guard let composition = library.composition(named: name) else {
            throw LibraryError(.notFound, "no composition \"\(name)\" in the library; `imager compose list` shows them")
        }
        return composition
    }

    /// The composition file of one composition, with its audio.
    public func exportComposition(_ id: CompositionID) throws(LibraryError) -> Data {
        let library = try musicLibrary()
        let contents: MusicLibraryContents
        do { contents = try library.contents(of: id) } catch { throw LibraryError(.notFound, error.description, cause: error) }
        var files: [Int64: [UInt8]] = [:]
        for sound in contents.sounds { files[sound.id] = try soundFile(SoundID(sound.id)) }
        return try CompositionFile.encode(.init(contents: contents, soundFiles: files))
    }

    /// Imports a composition file, all or nothing, under `name` (the file's own name when nil). Returns the
    /// composition as stored.
    @discardableResult
    public func importComposition(_ data: Data, as name: String? = nil) throws(LibraryError) -> Composition {
        var shared = try CompositionFile.decode(data)
        if let name { shared.contents.compositions[0].name = name }
        let newName: String
        do { newName = try MusicLibrary.checkedName(shared.contents.compositions[0].name, as: "a composition's name") } catch {
            throw LibraryError(.invalid, error.description, cause: error)
        }
        return try changeMusic { library, files in
            let (merged, sounds) = try library.merging(shared.contents)
            for (old, new) in sounds { files[new] = shared.soundFiles[old] }
            library = merged
            guard let stored = library.composition(named: newName) else {
                throw LibraryError(.invalid, "the imported composition is not in the library under \(newName)")
            }
            return stored
        }
    }

    /// The music library as its rows hold it, every record that cannot be read set aside with why.
    func musicLibrary(_ db: Database) throws -> (library: MusicLibrary, damage: [LibraryDamage]) {
        let (contents, unreadable) = try MusicRows.fetchContents(db)
        let (library, setAside) = MusicLibrary.salvaging(contents)
        return (library, unreadable + setAside.map(LibraryDamage.init))
    }

    /// Writes the rows `new` changes from `old`; a row in the way that reading set aside (a damaged pair, a
    /// composition's name taken by a damaged one) makes the edit refused with what to do.
    static func writeMusic(_ new: MusicLibraryContents, over old: MusicLibraryContents, newSounds: [Int64: [UInt8]], _ db: Database) throws {
        do {
            try MusicRows.write(new, over: old, newSounds: newSounds, db)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
            throw LibraryError(
                .invalid, "a damaged record of the library is in the way of this change; `imager library check` (or the lab's list of damaged records) shows it — rename or delete it first",
                cause: error)
        }
    }

    /// Adds the factory composition the first time a library with compositions is opened — never again.
    func seedFactoryCompositionsOnce() throws(LibraryError) {
        let seeded = try read { db in try String.fetchOne(db, sql: "SELECT value FROM libraryInfo WHERE key = 'seededCompositions'") }
        guard seeded == nil else { return }
        let demo: (library: MusicLibrary, sounds: [SoundID: AudioBuffer])
        var files: [Int64: [UInt8]] = [:]
        do {
            demo = try FactoryCompositions.demo(
                veil: try ChordReference(chordset: FactoryChordsets.lumia.id.uuidString, chord: 0),
                beam: try ChordReference(chordset: FactoryChordsets.prism.id.uuidString, chord: 6))
            for (id, buffer) in demo.sounds { files[id.rawValue] = try AudioFile.encode(buffer, as: .flac) }
        } catch {
            throw LibraryError(.storage, "cannot make the factory composition: \(error)", cause: error)  // a programming error, caught by tests
        }
        try write { db in
            guard try String.fetchOne(db, sql: "SELECT value FROM libraryInfo WHERE key = 'seededCompositions'") == nil else { return }
            let library = try musicLibrary(db).library
            var contents = demo.library.contents
            if library.composition(named: FactoryCompositions.demoName) != nil { contents.compositions = [] }
            let (merged, sounds) = try library.merging(contents)
            try Self.writeMusic(
                merged.contents, over: library.contents,
                newSounds: Dictionary(uniqueKeysWithValues: sounds.map { ($0.value.rawValue, files[$0.key]!) }), db)
            try db.execute(sql: "INSERT INTO libraryInfo (key, value) VALUES ('seededCompositions', ?)", arguments: [Date().description])
        }
    }
}

/// A sound decoded at a rate: what `samples(for:)` keeps.
struct DecodedSound: Hashable, Sendable {
    let sound: SoundID
    let sampleRate: Int
}
