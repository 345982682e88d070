import Audio
import AudioFiles
import Foundation
import Testing

@Suite("Audio files through libsndfile and libsoxr")
struct AudioFileTests {
    /// A second of a 441 Hz sine at 44.1 kHz, stereo, the right channel at half the left.
    static let tone: AudioBuffer = {
        var samples: [Float] = []
        for frame in 0..<44_100 {
            let value = Float(0.5 * sin(2 * Double.pi * 441 * Double(frame) / 44_100))
            samples += [value, value / 2]
        }
        return AudioBuffer(sampleRate: 44_100, channelCount: 2, samples: samples)!
    }()

    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("imager-audio-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func largestDifference(_ a: AudioBuffer, _ b: AudioBuffer) -> Float {
        zip(a.samples, b.samples).map { abs($0 - $1) }.max() ?? 0
    }

    @Test(arguments: ["tone.wav", "tone.aiff", "tone.flac"])
    func aLosslessFileReadsBackAsItWasWritten(name: String) throws {
        let url = try Self.folder().appendingPathComponent(name)
        try AudioFile.write(Self.tone, to: url)
        let read = try AudioFile.read(url)
        #expect(read.sampleRate == 44_100 && read.channelCount == 2 && read.frameCount == 44_100)
        #expect(Self.largestDifference(read, Self.tone) < 1e-6)  // 24-bit: half a step is 6e-8
    }

    @Test func anOggFileReadsBackCloseToWhatWasWritten() throws {
        let url = try Self.folder().appendingPathComponent("tone.ogg")
        try AudioFile.write(Self.tone, to: url)
        let read = try AudioFile.read(url)
        #expect(read.sampleRate == 44_100 && read.channelCount == 2)
        #expect(abs(read.frameCount - 44_100) < 2048)
        // Lossy, but the same tone: the left channel's loudness within a few per cent.
        let rms = { (b: AudioBuffer) in (stride(from: 0, to: min(b.samples.count, 80_000), by: 2).map { b.samples[$0] * b.samples[$0] }.reduce(0, +) / 40_000).squareRoot() }
        #expect(abs(rms(read) - rms(Self.tone)) < 0.02)
    }

    @Test func aMixPastFullScaleIsClippedNotWrapped() throws {
        let loud = AudioBuffer(sampleRate: 8000, channelCount: 1, samples: [1.7, -2.5, 0.25])!
        let read = try AudioFile.decode(try AudioFile.encode(loud, as: .wav), named: "loud.wav")
        #expect(read.samples[0] > 0.99 && read.samples[1] < -0.99 && abs(read.samples[2] - 0.25) < 1e-6)
    }

    @Test func resamplingKeepsTheToneAndTheLength() throws {
        let resampled = try Resampler.resample(Self.tone, to: 48_000)
        #expect(resampled.sampleRate == 48_000 && resampled.channelCount == 2)
        #expect(abs(resampled.frameCount - 48_000) <= 1)
        // The sine at 441 Hz, sampled at 48 kHz: away from the ends, within a thousandth.
        for frame in stride(from: 1000, to: 47_000, by: 997) {
            let expected = Float(0.5 * sin(2 * Double.pi * 441 * Double(frame) / 48_000))
            #expect(abs(resampled.samples[2 * frame] - expected) < 1e-3)
        }
        #expect(try Resampler.resample(Self.tone, to: 44_100) == Self.tone)
    }

    @Test func badFilesGetAClearErrorOfTheirKind() throws {
        let folder = try Self.folder()
        #expect(throws: AudioFileError.self) { try AudioFile.read(folder.appendingPathComponent("missing.wav")) }
        #expect(throws: AudioFileError.self) { try AudioFile.read(folder) }
        let text = Array("this is not a sound, only some words in a file".utf8)
        #expect { try AudioFile.decode(text, named: "words.wav") } throws: { ($0 as? AudioFileError)?.code == .unsupported }
        #expect { try AudioFile.decode([], named: "empty.wav") } throws: { ($0 as? AudioFileError)?.code == .unsupported }
        // A WAV file cut in the middle of its samples.
        let whole = try AudioFile.encode(Self.tone, as: .wav)
        #expect { try AudioFile.decode(Array(whole.prefix(whole.count / 2)), named: "cut.wav") } throws: { error in
            let error = error as? AudioFileError
            return error?.code == .truncated && error!.message.contains("cut.wav")
        }
        // A FLAC file cut short.
        let flac = try AudioFile.encode(Self.tone, as: .flac)
        #expect(throws: AudioFileError.self) { try AudioFile.decode(Array(flac.prefix(flac.count / 2)), named: "cut.flac") }
        // Only the header of a WAV file.
        #expect(throws: AudioFileError.self) { try AudioFile.decode(Array(whole.prefix(44)), named: "header.wav") }
        // An unknown extension is refused before anything is written.
        #expect(throws: AudioFileError.self) { try AudioFile.write(Self.tone, to: folder.appendingPathComponent("mix.mp3")) }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("mix.mp3").path))
    }

    @Test func theFormatComesFromTheExtension() {
        #expect(AudioFileFormat(path: "a/b/Mix.WAV") == .wav)
        #expect(AudioFileFormat(path: "mix.flac") == .flac)
        #expect(AudioFileFormat(path: "mix.aif") == .aiff)
        #expect(AudioFileFormat(path: "mix") == nil)
        #expect(AudioFileFormat(path: ".wav") == nil)
    }
}
