import Instrument
import Listening

/// An input lost and found again: what counts as lost, how it is said, and the watch that sees it and tries
/// the same input again every `retryInterval` until it comes back — one reopen at a time, on a thread of its
/// own, without a restart, the show going on. Digital silence from a working input is said, not lost.
extension LiveListening {
    /// An input that sends nothing for this long (no blocks at all, not quiet blocks) is lost.
    public static var stallLimit: Duration { .seconds(1) }
    /// An input that gave sound and then nothing but exact zeros for this long is said to be silent (seconds).
    public static var silenceLimit: Double { 2 }
    /// A lost input is tried again this often.
    public static var retryInterval: Duration { .seconds(2) }

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
            return "\(why) (tried again every \(LiveListening.retryInterval.components.seconds) s)"
        }

        /// Whether a frame with this peak shows the input back: any block ends a stall; after any other loss
        /// (a removed device's driver goes on delivering zeros) only sound that is not exact zeros does.
        func endsWith(soundAt peak: Float) -> Bool {
            self == .stalled || peak > 0
        }
    }

    /// What the performer is told of an input that gives only digital silence.
    static func silence(of source: String) -> String {
        "\(source) gives only digital silence (exact zeros) since it last gave sound: is anything playing into it, or is it muted?"
    }

    /// Whether a frame begins or ends an input's digital silence: `silenceLimit` of exact zeros after sound
    /// begins it, any sound ends it. Nil: neither.
    static func digitalSilence(_ frame: HeardFrame, in current: inout Current) -> Bool? {
        guard current.loss == nil, current.input?.saysDigitalSilence == true else { return nil }
        guard frame.peak == 0 else {
            current.hadSound = true
            current.zerosSince = nil
            guard current.status.silent else { return nil }
            current.status.silent = false
            current.status.problem = nil
            return false
        }
        guard current.hadSound, !current.status.silent else { return nil }
        let since = current.zerosSince ?? frame.time
        current.zerosSince = since
        guard frame.time - since >= silenceLimit else { return nil }
        current.status.silent = true
        current.status.problem = silence(of: current.status.source)
        return true
    }

    /// The input is back: said at once.
    static func takeBack(_ current: inout Current) {
        current.loss = nil
        current.nextTry = nil
        current.hadSound = true
        current.zerosSince = nil
        current.status.lost = false
        current.status.silent = false
        current.status.problem = nil
    }

    /// Says the input of `generation` lost (once), lets the followers fall to rest, and has it tried again.
    func lose(_ loss: Loss, generation: Int) async {
        let now = instrument.engine.clock.now
        let status: ListeningStatus? = current.withLock { current in
            guard current.generation == generation, current.loss == nil, current.source != .none else { return nil }
            current.loss = loss
            current.nextTry = now.advanced(by: Self.retryInterval)
            current.status.hearing = false
            current.status.lost = true
            current.status.problem = loss.saying(current.status.source)
            return current.status
        }
        guard let status else { return }
        instrument.heardChanged(status)
        _ = try? await instrument.perform(.heard(.silence))  // silence is always a valid hearing
    }

    /// Looks every `interval` of the engine's clock, until cancelled, for an input lost — stalled, or its
    /// device removed — and tries a lost one again when it is due. Sound coming back clears it.
    public func watch(every interval: Duration) async {
        let clock = instrument.engine.clock
        var deadline = clock.now
        while !Task.isCancelled {
            deadline = deadline.advanced(by: interval)
            do { try await clock.sleep(until: deadline, tolerance: nil) } catch { return }
            await look(at: clock.now)
        }
    }

    /// One look: a loss found is said; a retry due is started through `retrying` (opening a device waits for
    /// the system) — unless the last one has not ended: one reopen at a time, however long it hangs.
    private func look(at now: C.Instant) async {
        let (input, generation, stalled) = current.withLock { current in
            let stalled = current.loss == nil && current.lastFrameAt.map { $0.duration(to: now) > Self.stallLimit } == true
            return (current.input, current.generation, stalled)
        }
        if stalled {
            await lose(.stalled, generation: generation)
        } else if let removed = input?.lost {
            await lose(.removed(removed), generation: generation)
        }
        let due = current.withLock { current in
            guard current.loss != nil, !current.reopening, let next = current.nextTry, next <= now else { return false }
            current.nextTry = now.advanced(by: Self.retryInterval)
            current.reopening = true
            return true
        }
        guard due else { return }
        retrying {
            self.tryAgain()
            self.current.withLock { $0.reopening = false }
        }
    }

    /// Lets go of the lost input and opens its source again, if it is still lost; if it cannot be opened
    /// yet, the reason is said and it is tried again later. The opening itself — which may wait for the
    /// system, or hang — holds no lock: a performer choosing another input meanwhile is not kept waiting,
    /// and an input opened for a choice no longer current is closed.
    func tryAgain() {
        let asked: (source: ListeningSource, loss: Loss, generation: Int)? = switching.withLock { _ in
            guard let loss = current.withLock({ $0.loss }) else { return nil }
            letGo()
            return current.withLock { ($0.source, loss, $0.generation) }
        }
        guard let asked else { return }
        let opened: (any SoundInput)?
        do { opened = try open(asked.source) } catch {
            let status: ListeningStatus? = current.withLock { current in
                guard current.generation == asked.generation, current.loss != nil else { return nil }
                current.status.problem = asked.loss.saying(current.status.source) + "; not yet: \(error)"
                return current.status
            }
            if let status { instrument.heardChanged(status) }
            return
        }
        guard let input = opened else { return }
        switching.withLock { _ in
            let stillWanted = current.withLock { $0.generation == asked.generation && $0.loss != nil && $0.input == nil }
            guard stillWanted else { return input.stop() }
            do { try start(input) } catch {
                let status = current.withLock { current in
                    current.status.problem = asked.loss.saying(current.status.source) + "; not yet: \(error)"
                    return current.status
                }
                instrument.heardChanged(status)
            }
        }
    }
}
