import Engine
import Foundation
import ImageFiles
import Instrument

/// The live instrument as its clients reach it: the engine, everyone connected to it, and what a
/// command from any of them — a console, a canvas, an OSC controller — does: applied once, heard by all.
public final class LiveSession<C: Clock>: Sendable where C.Duration == Duration {
    public let engine: InstrumentEngine<C>
    let hub = LiveHub()
    /// How long the frame ticker's last ticks took.
    public let ticks = TickStatistics()
    /// Where recordings are saved (nil: recording is refused).
    let recordings: URL?
    /// Where stored chords are kept and chordsets stepped through (nil: stored chords live only in the
    /// performance, and stepping is refused).
    let shelf: (any ChordsetShelf)?

    public init(engine: InstrumentEngine<C>, recordingsFolder: URL? = nil, shelf: (any ChordsetShelf)? = nil) {
        self.engine = engine
        recordings = recordingsFolder
        self.shelf = shelf
    }

    /// Applies an intent and tells every client what changed; a chord stored is saved in the library. A
    /// bad intent changes nothing and is refused with the reason, for its sender alone.
    @discardableResult
    public func perform(_ intent: Intent) async throws(LiveError) -> Set<PerformanceState.Aspect> {
        let (changed, state): (Set<PerformanceState.Aspect>, EngineSnapshot)
        do { (changed, state) = try await engine.performReporting(intent) } catch { throw LiveError(error.description) }
        hub.broadcast(StateChange(aspects: changed, state: state))
        if case .storeChord(let position) = intent, let shelf {
            do {
                try shelf.store(state.chordset.chords[position], in: state.chordset.id)
            } catch {
                throw LiveError("chord \(position + 1) is stored in the performance but could not be saved in the library: \(error)")
            }
        }
        return changed
    }

    /// Plays the chordset `offset` places from the one playing in the library's list.
    public func stepChordset(by offset: Int) async throws(LiveError) {
        guard let shelf else { throw LiveError("this server has no chordset library to step through") }
        let playing = await engine.snapshot().chordset
        let next: Chordset?
        do { next = try shelf.step(from: playing.id, by: offset) } catch { throw LiveError("the library: \(error)") }
        guard let next else { throw LiveError(offset > 0 ? "this is the last chordset" : "this is the first chordset") }
        try await perform(.loadChordset(next))
    }

    /// How the server is doing, as `/status` tells it.
    public var status: LiveStatus {
        get async {
            let counts = hub.counts
            let ticks = ticks.recent.sorted()
            func milliseconds(_ fraction: Double) -> Double {
                guard !ticks.isEmpty else { return 0 }
                return ticks[min(ticks.count - 1, Int(Double(ticks.count) * fraction))].inSeconds * 1000
            }
            return LiveStatus(
                clients: counts.clients, canvases: counts.canvases, evicted: hub.evictedCount, droppedFrames: hub.droppedFrames,
                tickMedianMilliseconds: milliseconds(0.5), tickP99Milliseconds: milliseconds(0.99),
                loggedEvents: await engine.loggedEventCount, logIsFull: await engine.logIsFull)
        }
    }

    /// Starts recording (a recording under way goes on) and tells every client.
    public func startRecording() async throws(LiveError) {
        guard recordings != nil else { throw LiveError("this server has no folder to save recordings in") }
        do { try await engine.startRecording() } catch { throw LiveError(error.description) }
        hub.broadcast(LiveMessages.recording(true))
    }

    /// Stops recording, saves the performance as a log file for `imager render performance` and tells every
    /// client where it went. Nil when nothing was being recorded.
    @discardableResult
    public func stopRecording() async throws(LiveError) -> URL? {
        guard let folder = recordings, let log = await engine.stopRecording() else { return nil }
        let url = folder.appendingPathComponent(Self.fileName(savedAt: Date.now), isDirectory: false)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try AtomicFile.write(log.fileContents, to: url)
        } catch {
            hub.broadcast(LiveMessages.recording(false))
            throw LiveError("the recording could not be saved in \(folder.path): \(error)")
        }
        hub.broadcast(LiveMessages.recording(false, file: url.path))
        return url
    }

    /// `performance-2026-11-22T15-30-00.123Z.json`: sortable, and safe in any file system.
    static func fileName(savedAt date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return "performance-\(formatter.string(from: date).replacingOccurrences(of: ":", with: "-")).json"
    }
}
