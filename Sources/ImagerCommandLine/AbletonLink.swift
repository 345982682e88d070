import CLink
import Engine
import Synchronization

/// Ableton Link, through our C shim (Sources/CLink): one session, off the network until enabled.
final class AbletonLink: TempoSession, @unchecked Sendable {
    // The shim is thread-safe (Link's own locks); the pointer is only freed in deinit.
    private let session: OpaquePointer
    /// What a start or stop of the session calls (set once, before it is joined).
    private let playingChangesHandler = Mutex<(@Sendable () -> Void)?>(nil)

    init?(bpm: Double) {
        guard let session = clink_create(bpm) else { return nil }
        self.session = session
        clink_enable_start_stop_sync(session, true)
    }

    var isEnabled: Bool { clink_is_enabled(session) }
    func setEnabled(_ enabled: Bool) { clink_enable(session, enabled) }
    var peers: Int { Int(clink_num_peers(session)) }

    func timeline(quantum: Double, aheadBy seconds: Double) -> (tempo: Double, beat: Double, phase: Double, playing: Bool) {
        var timeline = CLinkTimeline()
        clink_capture(session, quantum, Int64(seconds * 1_000_000), &timeline)
        return (timeline.tempo, timeline.beat, timeline.phase, timeline.playing)
    }

    func whenPlayingChanges(_ handler: @escaping @Sendable () -> Void) {
        playingChangesHandler.withLock { $0 = handler }
        // The session lives as long as this object, and is destroyed (its callback let go first) in deinit:
        // an unretained reference is safe.
        clink_set_start_stop_callback(session, { _, context in
            guard let context else { return }
            Unmanaged<AbletonLink>.fromOpaque(context).takeUnretainedValue().playingChangesHandler.withLock { $0 }?()
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    func playingChanged() -> Double {
        Double(clink_time_for_is_playing(session) - clink_clock_micros(session)) / 1_000_000
    }

    func clockMicros(secondsFromNow seconds: Double) -> Int64 {
        clink_clock_micros(session) + Int64((min(max(seconds, -3_600), 3_600) * 1_000_000).rounded())
    }

    func setTempo(_ bpm: Double) { clink_set_tempo(session, bpm) }
    func setPlaying(_ playing: Bool, at seconds: Double, quantum: Double) {
        guard seconds.isFinite else { return }
        // Within the shim's ±60 s before it becomes an integer (a larger Double would not fit one).
        clink_set_playing_at(session, playing, Int64((min(max(seconds, -60), 60) * 1_000_000).rounded()), quantum)
    }

    deinit { clink_destroy(session) }
}
