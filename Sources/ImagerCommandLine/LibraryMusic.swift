import Audio
import Composition
import Engine
import Library

/// The SQLite library as the shelf the music library is kept on: read whole, changed in one transaction.
struct LibraryMusic: MusicShelf {
    let library: ChordsetLibrary

    func music() throws -> MusicLibrary {
        do { return try library.musicLibrary() } catch { throw LiveError(error) }
    }

    func change(_ edit: (inout MusicLibrary) throws -> Void) throws {
        do { try library.changeMusic { music, _ in try edit(&music) } } catch { throw LiveError(error) }
    }

    func bringInSound(
        file: [UInt8], named name: String, keptAt rate: Int?, _ change: (inout MusicLibrary, SoundFormat) throws -> (sound: SoundID, voice: VoiceID)
    ) throws -> (sound: SoundID, voice: VoiceID) {
        do {
            let brought = try library.bringInSound(file: file, named: name, keptAt: rate) { music, format in
                let made = try change(&music, format)
                return (made.sound, made.voice)
            }
            return (brought.sound, brought.1)
        } catch {
            throw LiveError(error)
        }
    }

    func outline(of sound: SoundID) throws -> SoundOutline {
        do { return try library.soundOutline(sound) } catch { throw LiveError(error) }
    }

    func samples(for arrangement: Arrangement) throws -> [SoundID: AudioBuffer] {
        do { return try library.samples(for: arrangement) } catch { throw LiveError(error) }
    }
}
