/// The health of the input listened to, as a state machine of its own: sounding; silent (nothing but exact
/// zeros for `silenceLimit` after it gave sound — said, and left open); or lost (no blocks for `stallLimit`,
/// its device removed, or failed — said, tried again every `retryInterval`, one reopen at a time, and taken
/// back when its sound returns). Each change is written into the status the performer sees. No I/O, no
/// lock: `LiveListening` holds it under its own and does what it says.
struct InputHealth<Instant: InstantProtocol>: Sendable where Instant.Duration == Duration {
    /// An input that sends nothing for this long (no blocks at all, not quiet blocks) is lost.
    static var stallLimit: Duration { .seconds(1) }
    /// An input that gave sound and then nothing but exact zeros for this long is said to be silent (seconds).
    static var silenceLimit: Double { 2 }
    /// A lost input is tried again this often.
    static var retryInterval: Duration { .seconds(2) }

    /// Why an input is lost.
    enum Loss: Sendable, Equatable {
        /// No blocks came for `stallLimit`.
        case stalled
        /// Its device was taken away (SDL says so).
        case removed(String)
        /// It failed, and said why.
        case failed(String)

        /// What the performer is told.
        func saying(_ source: String) -> String {
            let why = switch self {
            case .stalled: "no sound has come from \(source) for a second: is it still there?"
            case .removed(let reason): reason
            case .failed(let reason): reason
            }
            return "\(why) (tried again every \(InputHealth.retryInterval.components.seconds) s)"
        }

        /// Whether a frame with this peak shows the input back: any block ends a stall; after any other loss
        /// (a removed device's driver goes on delivering zeros) only sound that is not exact zeros does.
        func endsWith(soundAt peak: Float) -> Bool {
            self == .stalled || peak > 0
        }
    }

    /// Why the input is lost, while it is.
    private(set) var loss: Loss?
    /// When a lost input is next tried again, and whether a reopen has not ended yet (no other starts meanwhile).
    private var nextTry: Instant?
    private(set) var reopening = false
    /// Whether the input gave any sound that was not exact zeros, and since when (input seconds) it has given
    /// nothing else.
    private var hadSound = false
    private var zerosSince: Double?

    /// Another source was chosen: what was lost of the last is forgotten (a reopen under way finds it so).
    mutating func chose() {
        loss = nil
        nextTry = nil
    }

    /// An input began delivering: nothing is known of its sound yet.
    mutating func started() {
        hadSound = false
        zerosSince = nil
    }

    /// What a frame heard at input `time` with `peak` changes: whether it brought the lost input back, and
    /// whether it began or ended the input's digital silence (for an input that can tell it: a file's zeros
    /// are the file's). Either is said at once.
    mutating func heard(
        peak: Float, at time: Double, saysDigitalSilence: Bool, status: inout ListeningStatus
    ) -> (cameBack: Bool, silenceChanged: Bool) {
        let silenceChanged = saysDigitalSilence && loss == nil && digitalSilence(peak: peak, at: time, status: &status)
        guard let loss, loss.endsWith(soundAt: peak) else { return (false, silenceChanged) }
        self.loss = nil
        nextTry = nil
        hadSound = true
        zerosSince = nil
        status.lost = false
        status.silent = false
        status.problem = nil
        return (true, silenceChanged)
    }

    /// Whether this frame begins or ends the digital silence: `silenceLimit` of exact zeros after sound begins
    /// it, any sound ends it.
    private mutating func digitalSilence(peak: Float, at time: Double, status: inout ListeningStatus) -> Bool {
        guard peak == 0 else {
            hadSound = true
            zerosSince = nil
            guard status.silent else { return false }
            status.silent = false
            status.problem = nil
            return true
        }
        guard hadSound, !status.silent else { return false }
        let since = zerosSince ?? time
        zerosSince = since
        guard time - since >= Self.silenceLimit else { return false }
        status.silent = true
        status.problem = Self.silence(of: status.source)
        return true
    }

    /// What the performer is told of an input that gives only digital silence.
    static func silence(of source: String) -> String {
        "\(source) gives only digital silence (exact zeros) since it last gave sound: is anything playing into it, or is it muted?"
    }

    /// Whether an input that last delivered at `lastFrame` has stalled by `now` (and is not already lost).
    func stalled(lastFrameAt lastFrame: Instant?, now: Instant) -> Bool {
        loss == nil && lastFrame.map { $0.duration(to: now) > Self.stallLimit } == true
    }

    /// The input lost for `loss` at `now`, said in `status` and tried again `retryInterval` later; false when it
    /// already was (a loss is said once).
    mutating func lose(_ loss: Loss, at now: Instant, status: inout ListeningStatus) -> Bool {
        guard self.loss == nil else { return false }
        self.loss = loss
        nextTry = now.advanced(by: Self.retryInterval)
        status.hearing = false
        status.lost = true
        status.problem = loss.saying(status.source)
        return true
    }

    /// Whether a reopen is due at `now` — lost, its time come, none under way — and if so, it is under way
    /// from now and the next falls `retryInterval` later.
    mutating func reopenDue(at now: Instant) -> Bool {
        guard loss != nil, !reopening, let next = nextTry, next <= now else { return false }
        nextTry = now.advanced(by: Self.retryInterval)
        reopening = true
        return true
    }

    /// The reopen under way has ended, opened or not.
    mutating func reopenEnded() { reopening = false }

    /// What `status` says while the lost input cannot be opened yet, and why.
    func notYet(_ reason: String, lostAs loss: Loss, status: inout ListeningStatus) {
        status.problem = loss.saying(status.source) + "; not yet: \(reason)"
    }
}
