/// A tempo shared with other apps on the network (a port; Ableton Link through its C shim): whether it is
/// joined, who else is there, and its tempo, beat and phase now.
public protocol TempoSession: AnyObject, Sendable {
    var isEnabled: Bool { get }
    func setEnabled(_ enabled: Bool)
    var peers: Int { get }
    /// The session's tempo (BPM), beat and phase within `quantum` beats, `aheadBy` seconds from now (the
    /// output's latency: what is heard then).
    func timeline(quantum: Double, aheadBy seconds: Double) -> (tempo: Double, beat: Double, phase: Double, playing: Bool)
    /// When the session's transport last started or stopped (or will): seconds from now, negative for a
    /// moment past — Link's timeForIsPlaying.
    func playingChanged() -> Double
    /// Has `handler` called (on a thread of the session's, at once) whenever the session's transport starts or
    /// stops, so that it is followed without waiting for the next check.
    func whenPlayingChanges(_ handler: @escaping @Sendable () -> Void)
    /// The session clock's time (microseconds) `seconds` from now: what peers on this machine read, for the
    /// figures that compare a moment here with a peer's.
    func clockMicros(secondsFromNow seconds: Double) -> Int64
    func setTempo(_ bpm: Double)
    /// Starts or stops the session's transport (shared with the peers that share start and stop) as from
    /// `seconds` from now (negative: a moment past). Starting asks for beat 0 at that moment within `quantum`,
    /// as Link's start/stop sync does: with peers the session's bar is kept and beat 0 falls on its next
    /// downbeat from then; alone, the session's bar is moved to that moment.
    func setPlaying(_ playing: Bool, at seconds: Double, quantum: Double)
}

extension TempoSession {
    public func whenPlayingChanges(_ handler: @escaping @Sendable () -> Void) {}
}

/// What a Link session is doing, for `/status` and the console.
public struct LinkStatus: Hashable, Sendable, Codable {
    public var enabled: Bool
    public var peers: Int
    public var tempo: Double
    public var beat: Double
    public var phase: Double
    public var quantum: Double
    public var playing: Bool
    /// How far the engine's beat was from the session's at the last check, before it was put back in
    /// phase (milliseconds; 0 when not joined).
    public var phaseErrorMilliseconds: Double = 0
    /// When the composition transport last started with the session, on the session's clock (microseconds:
    /// what a peer on this machine reads), for the figures of how well starts fall on the session's bar; nil
    /// before any.
    public var transportStartedAtMicros: Int64? = nil
    /// What went wrong in keeping time with the session, for the performer to hear (the session started
    /// and the composition could not play, and why); nil when nothing did.
    public var problem: String? = nil
}
