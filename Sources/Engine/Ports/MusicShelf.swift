import Audio
import Composition

/// Port: where the music library is kept (the SQLite library, in the instrument): read whole, and changed in
/// one transaction — what `change` leaves is written, checked whole, or nothing is when it throws.
public protocol MusicShelf: Sendable {
    func music() throws -> MusicLibrary
    func change(_ edit: (inout MusicLibrary) throws -> Void) throws
    /// Brings the audio file `file` in as a sound called `name`: `change` adds it to the library, given its
    /// format, in one transaction; its samples are kept decoded at `rate` when there is one. A file that is
    /// not a sound the library keeps is refused, and nothing changes.
    func bringInSound(
        file: [UInt8], named name: String, keptAt rate: Int?, _ change: (inout MusicLibrary, SoundFormat) throws -> (sound: SoundID, voice: VoiceID)
    ) throws -> (sound: SoundID, voice: VoiceID)
    /// What an editor draws of a sound.
    func outline(of sound: SoundID) throws -> SoundOutline
    /// The samples of every sound `arrangement` plays, at its rate.
    func samples(for arrangement: Arrangement) throws -> [SoundID: AudioBuffer]
}
