import Audio
import AudioFiles
import Composition
import GRDB
import UserText

/// Sounds brought into the music library from audio files (the composition lab's "Add sound" and "Replace
/// sound"), and what an editor shows of a sound.
extension ChordsetLibrary {
    /// The longest sound brought in from a file: 30 minutes.
    public static let longestSoundBroughtIn: Double = 30 * 60
    /// The most channels of a sound brought in: 8 (a 7.1 mix).
    public static let mostChannelsBroughtIn = 8
    /// How many numbers a sound's outline holds.
    public static let outlineLength = 128

    /// Brings the audio file `file` into the music library as a sound called `name`: decoded and checked first
    /// (WAV, AIFF, FLAC, Ogg, MP3 — whatever its name says; at most `AudioFile.largestFile` bytes,
    /// `longestSoundBroughtIn` seconds and `mostChannelsBroughtIn` channels), then `change` adds it (given its
    /// format) and returns its id, in one transaction: a refusal anywhere changes nothing. Its samples are
    /// kept decoded at `rate` (the transport's), so that it plays at once. Returns what `change` returned.
    public func bringInSound<T>(
        file: [UInt8], named name: String, keptAt rate: Int? = nil, _ change: (inout MusicLibrary, SoundFormat) throws -> (sound: SoundID, T)
    ) throws(LibraryError) -> (sound: SoundID, T) {
        try Self.checkAudioFileName(name)
        let buffer: AudioBuffer
        do {
            buffer = try AudioFile.decode(
                file, named: UserText.printable(name), longest: Self.longestSoundBroughtIn, mostChannels: Self.mostChannelsBroughtIn)
        } catch {
            throw LibraryError(.invalid, error.message, cause: error)
        }
        let format = SoundFormat(sampleRate: buffer.sampleRate, channelCount: buffer.channelCount, frameCount: buffer.frameCount)
        let result = try changeMusic { library, files in
            let result = try change(&library, format)
            files[result.sound] = file
            return result
        }
        soundOutlines.withLock { $0[result.sound] = SoundOutline(seconds: buffer.duration, peaks: buffer.peaks(count: Self.outlineLength)) }
        // A cache: samples(for:) decodes again and says why.
        if let rate, let kept = try? Resampler.resample(buffer, to: rate) { keepDecoded([result.sound: kept], at: rate) }
        return result
    }

    /// The extensions an audio file brought in may have. A name without one is taken too: its content decides.
    public static let audioFileExtensions: Set<String> = [
        "wav", "wave", "bwf", "rf64", "w64", "flac", "aif", "aiff", "aifc", "caf", "ogg", "oga", "opus", "mp3",
    ]

    /// Refuses a file named as something else than a sound (`photo.png`), whatever it holds: a name that
    /// says one thing and content that says another is a mistake or a trick.
    static func checkAudioFileName(_ name: String) throws(LibraryError) {
        let base = name.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? name
        guard let dot = base.lastIndex(of: "."), dot != base.startIndex else { return }
        let suffix = base[base.index(after: dot)...]
        guard (1...5).contains(suffix.count), suffix.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return }
        guard !audioFileExtensions.contains(suffix.lowercased()) else { return }
        throw LibraryError(
            .invalid, "\(UserText.printable(base)) is named as a .\(UserText.printable(String(suffix))) file, not a sound: a sound's file ends in .wav, .flac, .aiff, .ogg or .mp3")
    }

    /// What an editor draws of a sound: how long it lasts and its peaks (`AudioBuffer.peaks`).
    public func soundOutline(_ id: SoundID) throws(LibraryError) -> SoundOutline {
        if let kept = soundOutlines.withLock({ $0[id] }) { return kept }
        guard let record = try musicLibrary().sounds[id] else { throw LibraryError(.notFound, "there is no sound \(id) in the library") }
        let buffer: AudioBuffer
        if let decoded = decodedSounds.withLock({ kept in kept.first { $0.key.sound == id }?.value }) {
            buffer = decoded
        } else {
            let file = try soundFile(id)
            do { buffer = try AudioFile.decode(file, named: record.name) } catch {
                throw LibraryError(.storage, "the library's sound \(record.name) cannot be read: \(error.message)", cause: error)
            }
        }
        let outline = SoundOutline(seconds: record.duration, peaks: buffer.peaks(count: Self.outlineLength))
        soundOutlines.withLock { $0[id] = outline }
        return outline
    }

    /// Deletes the sounds set aside for undo (`MusicRows.write`): undo does not reach across an opening of the
    /// library.
    func dropSoundsSetAside() throws(LibraryError) {
        try write { db in try db.execute(sql: "DELETE FROM musicSound WHERE retired = 1") }
    }
}
