import Composition
import Synchronization

/// The music library's use cases for every editor at once (seed 003's composition lab): read it, apply edits
/// (several at once, all or none), undo and redo them. Every change is heard by everyone listening to the
/// instrument (`{"type": "music", "revision": n}`), so the editing plane and the console stay in step.
public final class LiveMusic<C: Clock>: Sendable where C.Duration == Duration {
    public let instrument: LiveInstrument<C>
    let shelf: any MusicShelf
    /// The pairs' sounds as heard, for the edits that score light or take a tempo from them.
    public let hearings = SoundHearings()
    private let history = Mutex(History())
    /// How many changes undo reaches back.
    public static var undoDepth: Int { 100 }

    private struct History {
        var undo: [MusicLibrary] = []
        var redo: [MusicLibrary] = []
        var revision = 0
    }

    public init(instrument: LiveInstrument<C>, shelf: any MusicShelf) {
        self.instrument = instrument
        self.shelf = shelf
    }

    /// The music library as stored, with its revision (of two, the higher is newer) and whether there is
    /// something to undo and to redo.
    public func library() throws(LiveError) -> (library: MusicLibrary, revision: Int, canUndo: Bool, canRedo: Bool) {
        let library: MusicLibrary
        do { library = try shelf.music() } catch { throw Self.failure(error) }
        return history.withLock { (library, $0.revision, !$0.undo.isEmpty, !$0.redo.isEmpty) }
    }

    /// Applies `edits` in order, all or none, and tells everyone; what each made. An edit that hears a sound
    /// (light or tempo from sound) has it heard first, outside the library's transaction — slow work, for the
    /// caller's pool.
    public func apply(_ edits: [MusicEdit]) throws(LiveError) -> [MusicEditResult] {
        guard !edits.isEmpty else { throw LiveError(.invalid, "name at least one edit") }
        var results: [MusicEditResult] = []
        var before: MusicLibrary?
        do {
            let hearing = try hearings.prepare(edits, on: try shelf.music(), samples: shelf.samples)
            try shelf.change { library in
                before = library
                for edit in edits { results.append(try library.apply(edit, hearing: hearing)) }
            }
        } catch {
            throw Self.failure(error)
        }
        changed(from: before)
        return results
    }

    /// Brings the audio file `file` (called `name`) into the library as a sound, placed as `placement` says
    /// — a new voice named after the file, or in place of a voice's sound — and tells everyone. Its samples
    /// are kept decoded at `rate` (the transport's), so that it plays at once. Undo takes it out again.
    public func bringInSound(file: [UInt8], named name: String, as placement: SoundPlacement, keptAt rate: Int?) throws(LiveError) -> (sound: SoundID, voice: VoiceID) {
        var before: MusicLibrary?
        let brought: (sound: SoundID, voice: VoiceID)
        do {
            brought = try shelf.bringInSound(file: file, named: name, keptAt: rate) { library, format in
                before = library
                return try library.bringIn(soundFrom: name, format: format, as: placement)
            }
        } catch {
            throw Self.failure(error)
        }
        changed(from: before)
        return brought
    }

    /// What `sound` (a voice) plays in `part` as the analysis hears it, for an editor's preview of light from
    /// sound, with the part as it stands; refused for a part that is not atomic or a voice that plays no sound
    /// there.
    public func hearing(part: PartID, sound: VoiceID) throws(LiveError) -> (mix: HeardMix, part: Part) {
        do {
            let library = try shelf.music()
            try library.checkSoundPair(part: part, sound: sound)
            return (try hearings.hearing(of: Pair(part, sound), in: library, samples: shelf.samples), try library.part(part))
        } catch {
            throw Self.failure(error)
        }
    }

    /// What an editor draws of `sound`: its length and outline.
    public func outline(of sound: SoundID) throws(LiveError) -> SoundOutline {
        do { return try shelf.outline(of: sound) } catch { throw Self.failure(error) }
    }

    /// Tells everyone the library changed from `before` (nil: it could not be read), which undo goes back to;
    /// what redo could reach is gone.
    private func changed(from before: MusicLibrary?) {
        changed { history in
            if let before { history.undo.append(before) }
            if history.undo.count > Self.undoDepth { history.undo.removeFirst() }
            history.redo.removeAll()
        }
    }

    /// Takes the last change back.
    public func undo() throws(LiveError) {
        try travel(from: \.undo, to: \.redo, nothing: "there is nothing to undo")
    }

    /// Makes the last change taken back again.
    public func redo() throws(LiveError) {
        try travel(from: \.redo, to: \.undo, nothing: "there is nothing to redo")
    }

    private func travel(from source: WritableKeyPath<History, [MusicLibrary]>, to target: WritableKeyPath<History, [MusicLibrary]>, nothing: String) throws(LiveError) {
        guard let restored = history.withLock({ $0[keyPath: source].last }) else { throw LiveError(.invalid, nothing) }
        var current: MusicLibrary?
        do {
            try shelf.change { library in
                current = library
                library = restored
            }
        } catch {
            throw Self.failure(error)
        }
        changed { history in
            history[keyPath: source].removeLast()
            if let current { history[keyPath: target].append(current) }
        }
    }

    /// Forgets what undo and redo could reach — the library was changed outside them (a damaged record
    /// repaired) — and tells everyone the library changed.
    public func closeHistory() {
        changed { history in
            history.undo.removeAll()
            history.redo.removeAll()
        }
    }

    private func changed(_ update: (inout History) -> Void) {
        let revision = history.withLock { history in
            update(&history)
            history.revision += 1
            return history.revision
        }
        instrument.musicChanged(revision: revision)
    }

    private static func failure(_ error: any Error) -> LiveError {
        if let error = error as? LiveError { return error }
        if let error = error as? CompositionError { return LiveError(.invalid, error.description) }  // its message is all
        return LiveError(.notSaved, "the music library could not be read or written", cause: error)
    }
}
