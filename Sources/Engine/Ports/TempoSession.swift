/// A tempo shared with other apps on the network (a port; Ableton Link through its C shim): whether it is
/// joined, who else is there, and its tempo, beat and phase now.
public protocol TempoSession: AnyObject, Sendable {
    var isEnabled: Bool { get }
    func setEnabled(_ enabled: Bool)
    var peers: Int { get }
    /// The session's tempo (BPM), beat and phase within `quantum` beats, `aheadBy` seconds from now (the
    /// output's latency: what is heard then).
    func timeline(quantum: Double, aheadBy seconds: Double) -> (tempo: Double, beat: Double, phase: Double, playing: Bool)
    func setTempo(_ bpm: Double)
    /// Starts or stops the session's transport (shared with the peers that share start and stop).
    func setPlaying(_ playing: Bool)
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
}
