import Audio
import AudioFiles
import Composition
import Foundation
import Instrument

/// The interchange file for sharing a composition: JSON, `{"formatVersion": 1, "composition": {…},
/// "soundFiles": {"ID": "base64…"}}` (docs/composition.md, "Sharing") — the composition's parts, voices, scores and
/// muted cells, and the audio files its voices play, whole, so that it plays the same anywhere. Read whole and
/// checked before anything is written: the structure as the model checks it, every sound file decoded and
/// held to what the file says of it. Limits: 256 MB, JSON nested at most 64 deep.
public enum CompositionFile {
    public static let formatVersion = 1
    public static let maximumBytes = 256 << 20
    public static let maximumNesting = 64

    private struct Contents: Codable {
        var formatVersion: Int
        var composition: MusicLibraryContents
        var soundFiles: [String: Data]
    }

    private struct Header: Decodable {
        var formatVersion: Int
    }

    /// What a file holds: the composition's contents (one composition) and its sounds' files by sound id.
    public struct Shared: Sendable {
        public var contents: MusicLibraryContents
        public var soundFiles: [Int64: [UInt8]]

        public init(contents: MusicLibraryContents, soundFiles: [Int64: [UInt8]]) {
            self.contents = contents
            self.soundFiles = soundFiles
        }
    }

    public static func encode(_ shared: Shared) throws(LibraryError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let files = Dictionary(uniqueKeysWithValues: shared.soundFiles.map { (String($0.key), Data($0.value)) })
        do {
            return try encoder.encode(Contents(formatVersion: formatVersion, composition: shared.contents, soundFiles: files))
        } catch {
            throw LibraryError(.storage, "cannot write the composition: \(error)", cause: error)
        }
    }

    /// What a composition file holds, checked whole; throws a message naming the first problem.
    public static func decode(_ data: Data) throws(LibraryError) -> Shared {
        guard !data.isEmpty else { throw LibraryError(.unreadableFile, "the file is empty") }
        guard data.count <= maximumBytes else {
            throw LibraryError(.unreadableFile, "the file is \(data.count >> 20) MB; composition files of up to \(maximumBytes >> 20) MB are read")
        }
        guard !JSONNesting.exceeds(maximumNesting, in: data) else {
            throw LibraryError(.unreadableFile, "the file is nested more than \(maximumNesting) deep")
        }
        let decoder = JSONDecoder()
        let contents: Contents
        do {
            let header = try decoder.decode(Header.self, from: data)
            guard header.formatVersion <= formatVersion else {
                throw LibraryError(.unreadableFile,
                    "the composition file has format version \(header.formatVersion); this Image Performer reads up to \(formatVersion) — update Image Performer")
            }
            guard header.formatVersion >= 1 else { throw LibraryError(.unreadableFile, "the file's format version \(header.formatVersion) is not one") }
            contents = try decoder.decode(Contents.self, from: data)
        } catch let error as LibraryError {
            throw error
        } catch let error as DecodingError {
            throw LibraryError(.unreadableFile, "the file is not a composition file: \(DecodingProblem(error))", cause: error)
        } catch let error as CompositionError {
            throw LibraryError(.unreadableFile, "the composition file cannot be used: \(error)", cause: error)
        } catch {
            throw LibraryError(.unreadableFile, "the file is not a composition file: \(error)", cause: error)
        }
        guard contents.composition.compositions.count == 1 else {
            throw LibraryError(.unreadableFile, "a composition file holds one composition, this one \(contents.composition.compositions.count)")
        }
        do {
            _ = try MusicLibrary(contents: contents.composition)
        } catch {
            throw LibraryError(.unreadableFile, "the composition file cannot be used: \(error)", cause: error)
        }
        let declared = contents.composition.sounds.reduce(0.0) { $0 + Double($1.frameCount) * Double($1.channelCount) }
        guard declared <= Double(ChordsetLibrary.mostSamplesPlayed) else {
            throw LibraryError(.unreadableFile, "the composition file's sounds hold more than a performance plays (\(ChordsetLibrary.mostSamplesPlayed >> 20) M samples)")
        }
        var files: [Int64: [UInt8]] = [:]
        for sound in contents.composition.sounds {
            guard let file = contents.soundFiles[String(sound.id)] else {
                throw LibraryError(.unreadableFile, "the composition file lacks the audio of the sound \(sound.name)")
            }
            let bytes = [UInt8](file)
            let buffer: AudioBuffer
            do {
                buffer = try AudioFile.decode(bytes, named: sound.name)
            } catch {
                throw LibraryError(.unreadableFile, "the composition file's sound \(sound.name): \(error)", cause: error)
            }
            guard buffer.sampleRate == sound.sampleRate, buffer.channelCount == sound.channelCount, buffer.frameCount == sound.frameCount else {
                throw LibraryError(.unreadableFile, "the composition file's sound \(sound.name) is not what the file says of it")
            }
            files[sound.id] = bytes
        }
        guard files.count == contents.soundFiles.count else {
            throw LibraryError(.unreadableFile, "the composition file holds audio that no sound of it names")
        }
        return Shared(contents: contents.composition, soundFiles: files)
    }
}
