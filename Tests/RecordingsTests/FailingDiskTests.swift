import AudioFiles
import Foundation
import Instrument
import Testing
import TestSupport

@testable import Recordings

#if canImport(Glibc)
import Glibc
#endif

/// A recording whose disk fails while it runs — its files' descriptors turned, under it, into `/dev/full`
/// (every write: "No space left on device") — holds no more than a few seconds in memory, says so at the
/// next flush, and is closed with what reached the disk; no descriptor is left open on any path. Serialized:
/// each test counts the descriptors open on `/dev/full`.
#if os(Linux)
@Suite("A recording on a failing disk", .serialized)
struct FailingDiskTests {
    func start() -> PerformanceLog {
        PerformanceLog(checkpoint: PerformanceState(chordset: FactoryChordsets.lumia), recordedFrom: 1)
    }

    func tap(_ time: Double) -> PerformanceEvent {
        PerformanceEvent(time: time, intent: .tap(at: .init(x: 0.5, y: 0.5), velocity: 0.6))
    }

    /// `seconds` of a 440 Hz sine at `rate`, the same on each of `channels`, its phase that of the absolute time
    /// `from + t`.
    static func sine(rate: Int, channels: Int = 1, seconds: Double, from: Double = 0) -> [Float] {
        (0..<Int((seconds * Double(rate)).rounded())).flatMap { frame in
            let value = 0.5 * Float(sin(2 * Double.pi * 440 * (from + Double(frame) / Double(rate))))
            return [Float](repeating: value, count: channels)
        }
    }

    /// The descriptors this process holds on files under `folder`, and on `/dev/full`.
    static func descriptors(under folder: URL) -> [Int32] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return names.compactMap(Int32.init).filter { descriptor in
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(descriptor)") else { return false }
            return target.hasPrefix(folder.path + "/") || target == "/dev/full"
        }
    }

    /// Turns every descriptor open on a file under `folder` into one on `/dev/full`: the disk fails under the
    /// journal, which holds it open. How many were turned.
    static func makeTheDiskFail(under folder: URL) throws -> Int {
        let turned = descriptors(under: folder)
        let full = open("/dev/full", O_WRONLY | O_CLOEXEC)
        try #require(full >= 0)
        defer { close(full) }
        for descriptor in turned { try #require(dup2(full, descriptor) == descriptor) }
        return turned.count
    }

    @Test func aJournalWhoseDiskFailsHoldsAFewSecondsAndIsClosedWithWhatReachedTheDisk() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let root = temporary.url.resolvingSymlinksInPath()
        let folder = RecordingFolder(root.appendingPathComponent("recordings"))
        let stroke = PerformanceEvent(time: 3, intent: .stroke((0..<1000).map { .init(x: Double($0) / 1000, y: 0.5) }, velocity: 1))
        let logPath: String
        let (journalURL, heardURL): (URL, URL)
        do {
            let journal = try folder.begin(start())
            let sound = try journal.keepSound(sampleRate: 48_000, channels: 1)
            (journalURL, heardURL) = (journal.url, sound.url)
            for index in 0..<5 { journal.append(tap(1.1 + Double(index) * 0.1)) }
            sound.append(Self.sine(rate: 48_000, seconds: 1))
            try journal.flush(until: 1.6)
            #expect(Self.descriptors(under: root).count == 2, "the journal and its sound")

            #expect(try Self.makeTheDiskFail(under: root) == 2)
            journal.append(tap(1.7))
            sound.append(Self.sine(rate: 48_000, seconds: 1, from: 1))
            let failure = #expect(throws: RecordingError.self) { try journal.flush(until: 2) }
            #expect(failure?.message.contains("No space left on device") == true)

            // The disk goes on failing while the performance goes on: twenty seconds of sound and some 8 MB
            // of strokes later, memory holds no more than the bounds.
            for block in 0..<2000 { sound.append(Self.sine(rate: 48_000, seconds: 0.01, from: 2 + Double(block) / 100)) }
            for _ in 0..<400 { journal.append(stroke) }
            #expect(sound.queuedSamples <= HeardSoundJournal.queuedSeconds * 48_000)
            #expect(sound.droppedFrames >= 15 * 48_000)
            #expect(journal.queuedBytes <= PerformanceJournal.queueLimit)
            #expect(journal.queuedBytes > PerformanceJournal.queueLimit / 2)
            #expect(throws: RecordingError.self) { try journal.flush(until: 22) }

            logPath = try journal.finishAsWritten().log
            #expect(Self.descriptors(under: root).isEmpty, "every file closed")
        }
        #expect(Self.descriptors(under: root).isEmpty)
        // What reached the disk, and only that, is the recording: its log and its sound.
        let log = try JSONDecoder().decode(PerformanceLog.self, from: Data(contentsOf: URL(fileURLWithPath: logPath)))
        #expect(log.events.count == 5)
        #expect(log.recordedUntil == 1.6)
        let heard = try AudioFile.read(URL(fileURLWithPath: logPath).deletingPathExtension().appendingPathExtension("flac"))
        #expect(heard.sampleRate == 48_000 && heard.frameCount == 48_000)
        #expect(!FileManager.default.fileExists(atPath: journalURL.path) && !FileManager.default.fileExists(atPath: heardURL.path))
    }

    @Test func whenEvenWhatReachedTheDiskCannotBeSavedItIsLeftForTheNextStart() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let root = temporary.url.resolvingSymlinksInPath()
        let folder = RecordingFolder(root.appendingPathComponent("recordings"))
        let journal = try folder.begin(start())
        let sound = try journal.keepSound(sampleRate: 44_100, channels: 2)
        for index in 0..<3 { journal.append(tap(1.1 + Double(index) * 0.1)) }
        sound.append(Self.sine(rate: 44_100, channels: 2, seconds: 0.5))
        try journal.flush(until: 1.5)
        _ = try Self.makeTheDiskFail(under: root)
        // The log cannot be written where it goes (its name is taken by a folder): the finish fails, and so
        // does keeping what was written.
        let log = journal.url.deletingPathExtension().appendingPathExtension("json")
        try FileManager.default.createDirectory(at: log, withIntermediateDirectories: false)
        #expect(throws: RecordingError.self) { _ = try journal.finish(until: 2) }
        #expect(throws: RecordingError.self) { _ = try journal.finishAsWritten() }
        #expect(Self.descriptors(under: root).isEmpty, "closed, so that the next start can take it")
        #expect(FileManager.default.fileExists(atPath: journal.url.path) && FileManager.default.fileExists(atPath: sound.url.path))

        // The next start closes it.
        try FileManager.default.removeItem(at: log)
        let outcomes = try folder.recoverUnfinished()
        guard case .closed(let saved)? = outcomes.first, outcomes.count == 1 else {
            Issue.record("not closed: \(outcomes)")
            return
        }
        #expect(saved.events == 3 && saved.until == 1.5)
        let heard = try AudioFile.read(log.deletingPathExtension().appendingPathExtension("flac"))
        #expect(heard.sampleRate == 44_100 && heard.channelCount == 2 && heard.frameCount == 22_050)
    }

    @Test func everyDescriptorIsClosedOnEveryPath() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let root = temporary.url.resolvingSymlinksInPath()
        // A sound journal whose header cannot be written.
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("full.heard").path, withDestinationPath: "/dev/full")
        #expect(throws: RecordingError.self) {
            _ = try HeardSoundJournal(beside: root.appendingPathComponent("full.journal"), sampleRate: 48_000, channels: 1)
        }
        #expect(Self.descriptors(under: root).isEmpty)

        // A journal let go unfinished, and one whose finish failed: closed when they go.
        let folder = RecordingFolder(root.appendingPathComponent("recordings"))
        do {
            let journal = try folder.begin(start())
            _ = try journal.keepSound(sampleRate: 48_000, channels: 1)
            #expect(Self.descriptors(under: root).count == 2)
        }
        #expect(Self.descriptors(under: root).isEmpty)
        do {
            let journal = try folder.begin(start())
            let sound = try journal.keepSound(sampleRate: 48_000, channels: 1)
            sound.append(Self.sine(rate: 48_000, seconds: 0.1))
            _ = try Self.makeTheDiskFail(under: root)
            #expect(throws: RecordingError.self) { _ = try journal.finish(until: 2) }
        }
        #expect(Self.descriptors(under: root).isEmpty)
    }

    @Test func aDiskThatFallsBehindKeepsTheSoundInStepWithSilenceAndSaysSo() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let heard = try HeardSoundJournal(beside: temporary.file("performance.journal"), sampleRate: 8_000, channels: 1)
        // Eight seconds come while the disk has not taken any.
        for block in 0..<800 { heard.append(Self.sine(rate: 8_000, seconds: 0.01, from: Double(block) / 100)) }
        #expect(heard.queuedSamples == 5 * 8_000 && heard.droppedFrames == 3 * 8_000)
        let said = try heard.flush()
        #expect(said == ["the disk did not take what was heard in time: 3.0 s of it were dropped (kept as silence in performance.heard)"])
        try heard.finish(into: temporary.file("performance.flac"))
        let sound = try AudioFile.read(temporary.file("performance.flac"))
        #expect(sound.frameCount == 8 * 8_000, "as long as what was heard")
        #expect(sound.samples[(5 * 8_000)...].allSatisfy { $0 == 0 }, "what was dropped is silence")
        #expect(sound.samples[..<(5 * 8_000)].contains { abs($0) > 0.4 })
    }

    /// An input back after seven seconds without sound: the gap is kept as silence held as a count, so the sound
    /// after it is kept whole and nothing is said of the disk. Given as seven seconds of zeros — as the
    /// listening gave it — the gap filled the five seconds held for the disk, and the sound after it was dropped
    /// and said as the disk's fault.
    @Test func anInputsLongGapIsSilenceThatTakesNoneOfTheSoundHeldForTheDisk() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        for asSamples in [false, true] {
            let heard = try HeardSoundJournal(beside: temporary.file("performance-\(asSamples).journal"), sampleRate: 8_000, channels: 1)
            heard.append(Self.sine(rate: 8_000, seconds: 1))
            try heard.flush()
            if asSamples { heard.append([Float](repeating: 0, count: 7 * 8_000)) } else { heard.appendSilence(frames: 7 * 8_000, sampleRate: 8_000) }
            heard.append(Self.sine(rate: 8_000, seconds: 1, from: 8))
            guard !asSamples else {
                #expect(heard.droppedFrames == 3 * 8_000)
                #expect(try heard.flush().count == 1, "said as the disk's fault")
                continue
            }
            #expect(heard.droppedFrames == 0 && heard.queuedSamples == 8_000, "the gap holds no memory")
            try heard.flush()
            try heard.finish(into: temporary.file("performance.flac"))
            let sound = try AudioFile.read(temporary.file("performance.flac"))
            #expect(sound.frameCount == 9 * 8_000, "in step: the second before, the gap, the second after")
            #expect(sound.samples[8_000..<(8 * 8_000)].allSatisfy { $0 == 0 })
            #expect(sound.samples[(8 * 8_000)...].contains { abs($0) > 0.4 })
        }
    }
}
#endif

/// Sound at other rates and channels than the journal's — a recording that changed input — is kept at the
/// journal's, in step.
@Suite struct SoundStretchesTests {
    @Test func stretchesAtOtherRatesAndChannelsAreKeptAtTheJournalsRateInStep() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let heard = try HeardSoundJournal(beside: folder.file("performance.journal"), sampleRate: 48_000, channels: 1)
        // One second at 48 kHz mono, one at 44.1 kHz stereo, half a second at 96 kHz mono: hop by hop.
        let stretches: [(rate: Int, channels: Int, seconds: Double)] = [(48_000, 1, 1), (44_100, 2, 1), (96_000, 1, 0.5)]
        var from = 0.0
        for stretch in stretches {
            let hop = stretch.rate / 100
            for block in 0..<Int(stretch.seconds * 100) {
                let samples = FailingDiskTests.sine(rate: stretch.rate, channels: stretch.channels, seconds: 0.01, from: from + Double(block * hop) / Double(stretch.rate))
                heard.append(samples, sampleRate: stretch.rate, channels: stretch.channels)
            }
            from += stretch.seconds
            try heard.flush()
        }
        try heard.finish(into: folder.file("performance.flac"))
        let sound = try AudioFile.read(folder.file("performance.flac"))
        #expect(sound.sampleRate == 48_000 && sound.channelCount == 1)
        #expect(abs(sound.frameCount - 120_000) <= 2, "\(sound.frameCount) frames: the recording's 2.5 s")
        // The same sine throughout, in phase, away from the joins' few milliseconds of filter ringing.
        let expected = FailingDiskTests.sine(rate: 48_000, seconds: 2.5)
        let joins = [0, 48_000, 96_000, 120_000]
        let worst = (0..<min(sound.frameCount, expected.count))
            .filter { frame in joins.allSatisfy { abs(frame - $0) > 240 } }
            .map { abs(sound.samples[$0] - expected[$0]) }.max() ?? 1
        #expect(worst < 0.005)
    }

    @Test(arguments: [
        (from: 2, to: 1, samples: [1, 0.5, -1, 0] as [Float], mixed: [0.75, -0.5] as [Float]),
        (from: 1, to: 2, samples: [0.25, -1], mixed: [0.25, 0.25, -1, -1]),
        (from: 3, to: 2, samples: [1, 0.5, 0], mixed: [0.5, 0.5]),
    ])
    func channelsAreMixedDownAndSpreadUp(from: Int, to: Int, samples: [Float], mixed: [Float]) {
        #expect(HeardSoundJournal.mix(samples, from: from, to: to) == mixed)
    }
}
