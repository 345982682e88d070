import AudioFiles
import Foundation
@testable import Recordings
import Testing
import TestSupport

/// What a recording heard: journaled plainly, closed into FLAC — a frozen crash's journal included — a
/// torn last frame left out, and anything else refused as no sound journal.
@Suite struct HeardSoundJournalTests {
    private static let fixture = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("fixtures/heard-v1/crashed.heard")

    @Test func aCrashedJournalOfVersionOneBecomesFLAC() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let journal = folder.file("crashed.heard")
        try FileManager.default.copyItem(at: Self.fixture, to: journal)
        let bytes = try Data(contentsOf: journal)
        try HeardSoundJournal.close(journal: journal, into: folder.file("crashed.flac"))
        let sound = try AudioFile.read(folder.file("crashed.flac"))
        #expect(sound.sampleRate == 48_000 && sound.channelCount == 1)
        #expect(sound.frameCount == (bytes.count - 16) / 4)
        let original = bytes.dropFirst(16).withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
        // FLAC keeps 24 bits.
        #expect(zip(original, sound.samples).allSatisfy { abs($0 - $1) < 1e-6 })
        #expect(original.contains { abs($0) > 0.5 }, "the clicks are in it")
        #expect(!FileManager.default.fileExists(atPath: journal.path))
    }

    @Test func whatIsAppendedAndFlushedIsWhatTheFLACHolds() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let heard = try HeardSoundJournal(beside: folder.file("performance.journal"), sampleRate: 44_100, channels: 2)
        let samples = (0..<8820).map { Float(sin(Double($0) / 20)) * 0.5 }
        heard.append(Array(samples[..<4410]))
        try heard.flush()
        heard.append(Array(samples[4410...]))
        try heard.finish(into: folder.file("performance.flac"))
        let sound = try AudioFile.read(folder.file("performance.flac"))
        #expect(sound.sampleRate == 44_100 && sound.channelCount == 2 && sound.frameCount == 4410)
        #expect(zip(samples, sound.samples).allSatisfy { abs($0 - $1) < 1e-6 })
    }

    @Test func aTornLastFrameIsLeftOutAndNoSoundJournalIsRefused() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var bytes = try Data(contentsOf: Self.fixture)
        bytes += Data([0x12, 0x34, 0x56])
        try bytes.write(to: folder.file("torn.heard"))
        try HeardSoundJournal.close(journal: folder.file("torn.heard"), into: folder.file("torn.flac"))
        #expect(try AudioFile.read(folder.file("torn.flac")).frameCount == (bytes.count - 3 - 16) / 4)

        for junk in [Data(), Data("IPHEARD".utf8), Data("RIFF0000WAVEfmt ".utf8) + bytes.dropFirst(16)] {
            try junk.write(to: folder.file("junk.heard"))
            #expect(throws: RecordingError.self) { try HeardSoundJournal.close(journal: folder.file("junk.heard"), into: folder.file("junk.flac")) }
            #expect(FileManager.default.fileExists(atPath: folder.file("junk.heard").path), "kept for the performer")
            #expect(!FileManager.default.fileExists(atPath: folder.file("junk.flac").path))
        }
    }
}
