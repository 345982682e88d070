/// What the instrument hears, for `/status`, the console's meter and `heard` messages: its source, the
/// latest levels, the onsets so far and the tempo heard — or why nothing is heard.
public struct ListeningStatus: Hashable, Sendable, Codable {
    /// What it listens to ("none" when nothing).
    public var source: String
    /// Whether sound is coming in now.
    public var hearing: Bool
    /// Why nothing is heard (no input, a device gone, a device refused), when that is so.
    public var problem: String?
    /// Whether the input listened to is lost (removed, failing, or sending nothing): it is tried again every
    /// two seconds, and this clears when it is back.
    public var lost = false
    /// Whether a working input has given nothing but exact digital zeros for two seconds after sound (a
    /// source stopped or muted): said, not taken for a lost device, never opened again for it.
    public var silent = false
    public var level: Double
    public var peak: Double
    public var bands: [Double]
    /// The strongest onset since the last time this was told (0: none).
    public var onset: Double
    public var onsets: Int
    public var tempo: Double?
    /// Whether the noise gate holds the sound shut (too quiet to hear).
    public var gated: Bool
    /// From a block of sound coming in to its hearing applied by the engine, over the last 500 hops: the
    /// median and the 95th percentile (milliseconds; 0 before anything is heard). The input's own buffer
    /// and the analysis's hop come before it.
    public var delayMedianMilliseconds = 0.0
    public var delayP95Milliseconds = 0.0

    public init(source: String, problem: String? = nil) {
        self.source = source
        hearing = false
        self.problem = problem
        level = 0
        peak = 0
        bands = [0, 0, 0, 0]
        onset = 0
        onsets = 0
        tempo = nil
        gated = true
    }
}
