import Engine
import Foundation
import Instrument
import Recordings
import Testing
import TestSupport

@testable import ImagerCommandLine

/// A listening set recorded through the engine into the recordings folder, as `imager serve` records it, and read
/// back as `imager render performance` reads it: the hundred hearings a second go beside the log, so they do not
/// count against its events — a set that listens is not cut short by what it hears — and have a limit of their own.
@Suite("A listening set recorded through the engine")
struct ListeningRecordingTests {
    /// A hearing as the listening makes it, a hundred a second, its levels rounded as the listening rounds them (to a
    /// ten-thousandth): level and bands moving, an onset twice a second.
    static func hearing(_ step: Int) -> Intent {
        func rounded(_ value: Double) -> Double { (value * 10_000).rounded() / 10_000 }
        let level = 0.5 + 0.4 * sin(Double(step) / 10)
        let bands = [level, level / 2, level / 4, level / 8].map(rounded)
        return .heard(Heard(level: rounded(level), peak: rounded(min(1, level + 0.1)), bands: bands, onset: step % 50 == 0 ? 1 : 0))
    }

    /// `seconds` of a set: a hearing every 10 ms, a pad pressed or let go every second, and the recording flushed
    /// four times a second, as the server's flusher does.
    static func play(_ engine: InstrumentEngine<ManualClock>, on clock: ManualClock, seconds: Int) async throws {
        for step in 0..<(seconds * 100) {
            clock.advance(by: .milliseconds(10))
            try await engine.perform(hearing(step), at: await engine.time)
            if step % 100 == 0 { try await engine.perform(step % 200 == 0 ? .padDown(pad: 0, velocity: 1) : .padUp(pad: 0)) }
            if step % 25 == 24, let (journal, until) = await engine.recordingProgress { try journal.flush(until: until) }
        }
    }

    /// Starts `engine` recording into a recordings folder in `folder`, as `imager serve` records.
    static func startRecording(_ engine: InstrumentEngine<ManualClock>, in folder: TemporaryFolder) async throws {
        let recordings = FolderRecordings(folder: RecordingFolder(folder.url.appendingPathComponent("recordings")))
        #expect(try await engine.startRecording(in: recordings))
    }

    /// Stops `engine`'s recording, saves it and reads it back as `imager render performance` reads it: the log and
    /// the moment the recording ended.
    static func savedRecording(of engine: InstrumentEngine<ManualClock>) async throws -> (log: PerformanceLog, until: Double) {
        let (journal, until) = try #require(await engine.stopRecording())
        return (try RenderPerformanceCommand.read(try journal.finish(until: until)), until)
    }

    @Test func hearingsDoNotFillTheLogAndAreReadBackWithIt() async throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let clock = ManualClock()
        // A log of a hundred events: the hearings of its first second alone would have filled it.
        let engine = InstrumentEngine(chordset: FactoryChordsets.lumia, clock: clock, maximumRecordedEvents: 100)
        try await Self.startRecording(engine, in: temporary)
        try await Self.play(engine, on: clock, seconds: 60)
        #expect(await !engine.recordingIsFull)
        #expect(await engine.recordedEventCount == 60)
        #expect(await engine.recordedHearingCount == 6000)

        let (log, _) = try await Self.savedRecording(of: engine)
        #expect(log.events.count == 60)
        #expect(log.hearings.count == 6000)
        #expect(abs(log.duration - 60) < 0.02)
    }

    @Test func theHearingsKeptBesideTheLogHaveALimitOfTheirOwn() async throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let clock = ManualClock()
        let engine = InstrumentEngine(chordset: FactoryChordsets.lumia, clock: clock, maximumRecordedHearings: 500)
        try await Self.startRecording(engine, in: temporary)
        try await Self.play(engine, on: clock, seconds: 10)
        #expect(await engine.recordingIsFull)
        #expect(await engine.recordedHearingCount == 500)
        #expect(await engine.recordedEventCount == 5, "the pads of the first five seconds, before the hearings filled it")

        // The recording ends where it filled up, and reads back whole.
        let (log, until) = try await Self.savedRecording(of: engine)
        #expect(abs(until - 5.01) < 0.001)
        #expect(log.events.count == 5 && log.hearings.count == 500)
    }

    /// A whole night: eight hours of a listening set through the engine — a hearing every 10 ms (2,880,000),
    /// a pad every second, the beat aligned to a Link session every ten seconds — recorded into the folder,
    /// flushed as it goes, in one recording, and read back whole as `imager render performance` reads it.
    @Test(.timeLimit(.minutes(10))) func anEightHourSetIsRecordedWholeAndReadBack() async throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let clock = ManualClock()
        let engine = InstrumentEngine(chordset: FactoryChordsets.lumia, clock: clock)
        try await Self.startRecording(engine, in: temporary)
        let hours = 8
        let seconds = hours * 3_600
        // Played from the engine's own thread, as the listening's hand-off ends there: no thread is crossed for
        // each of the nearly three million intents.
        try await withTaskExecutorPreference(ThreadExecutor.engine) {
            for second in 0..<seconds {
                for hop in 0..<100 {
                    clock.advance(by: .milliseconds(10))
                    try await engine.perform(Self.hearing(second * 100 + hop))
                }
                try await engine.perform(second % 2 == 0 ? .padDown(pad: second % 8, velocity: 0.8) : .padUp(pad: (second - 1) % 8))
                if second % 10 == 9 {
                    try await engine.perform(.alignBeat(Double(second) * 2 + 0.001))
                    // The recording's flush, as the flusher makes it (less often here: the disk's time is not the test).
                    if let (journal, until) = await engine.recordingProgress { try journal.flush(until: until) }
                }
            }
        }
        #expect(await !engine.recordingIsFull)
        let events = seconds + seconds / 10
        #expect(await engine.recordedEventCount == events)
        #expect(await engine.recordedHearingCount == seconds * 100)

        let (journal, until) = try #require(await engine.stopRecording())
        let path = try journal.finish(until: until)
        let log = try RenderPerformanceCommand.read(path)
        #expect(log.events.count == events, "every pad and alignment, in one recording")
        #expect(log.hearings.count == seconds * 100, "every hearing")
        #expect(abs(log.duration - Double(seconds)) < 0.02 && abs(until - Double(seconds)) < 0.02)
        // Read back as heard: the last hearing is the last one played.
        if case .heard(let last) = Self.hearing(seconds * 100 - 1) {
            #expect(abs((log.hearings.records.last?.heard.level ?? -1) - last.level) < 1e-4)
        }
        // Each hearing keeps its place among the events: the first of the second second came after its pad.
        #expect(log.hearings.records[99].position == 0 && log.hearings.records[100].position == 1)
        let logBytes = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
        #expect(logBytes < hours * 2_000_000, "the log grew \(logBytes / hours) bytes an hour")
        let hearingsURL = URL(fileURLWithPath: path).deletingPathExtension().appendingPathExtension(HearingsJournal.fileExtension)
        let hearingsBytes = try FileManager.default.attributesOfItem(atPath: hearingsURL.path)[.size] as? Int ?? 0
        let perHour = { (bytes: Int) in Double(bytes) / Double(hours) / 1_048_576 }
        print("an eight-hour listening set: log \(perHour(logBytes)) MB an hour, hearings \(perHour(hearingsBytes)) MB an hour")
    }
}
