import Instrument
import Listening

/// An input lost and found again: what counts as lost, how it is said, and the watch that sees it and tries
/// the same input again every `retryInterval` until it comes back — without a restart, the show going on.
extension LiveListening {
    /// An input that sends nothing for this long (no blocks at all, not quiet blocks) is lost.
    public static var stallLimit: Duration { .seconds(1) }
    /// An input (a device) that gave sound and then nothing but exact zeros for this long is lost (seconds).
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
        /// Exact digital silence for `silenceLimit` after sound.
        case silent

        /// What the performer is told.
        func saying(_ source: String) -> String {
            let why = switch self {
            case .stalled: "no sound has come from \(source) for a second: is it still there?"
            case .removed(let reason): reason
            case .failed(let reason): reason
            case .silent: "\(source) gives only digital silence: is it still connected?"
            }
            return "\(why) (tried again every \(LiveListening.retryInterval.components.seconds) s)"
        }

        /// Whether a frame with this peak shows the input back: any block ends a stall; after any other loss
        /// (a removed device's driver goes on delivering zeros) only sound that is not exact zeros does.
        func endsWith(soundAt peak: Float) -> Bool {
            self == .stalled || peak > 0
        }
    }

    /// The loss a frame shows, when it is the last of `silenceLimit` of exact zeros after sound.
    static func digitalSilence(_ frame: HeardFrame, in current: inout Current) -> Loss? {
        guard current.loss == nil, current.input?.silenceMeansLost == true else { return nil }
        guard frame.peak == 0 else {
            current.hadSound = true
            current.zerosSince = nil
            return nil
        }
        guard current.hadSound else { return nil }
        let since = current.zerosSince ?? frame.time
        current.zerosSince = since
        return frame.time - since >= silenceLimit ? .silent : nil
    }

    /// The input is back: said at once.
    static func takeBack(_ current: inout Current) {
        current.loss = nil
        current.nextTry = nil
        current.hadSound = true
        current.zerosSince = nil
        current.status.lost = false
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
        _ = try? await instrument.perform(.heard(.silence))
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

    /// One look: a loss found is said; a retry due is started on the library's pool (opening a device
    /// waits for the system).
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
            guard current.loss != nil, let next = current.nextTry, next <= now else { return false }
            current.nextTry = now.advanced(by: Self.retryInterval)
            return true
        }
        guard due else { return }
        retrying { self.tryAgain() }
    }

    /// Lets go of the lost input and opens its source again, if it is still lost; if it cannot be opened
    /// yet, the reason is said and it is tried again later.
    func tryAgain() {
        switching.withLock { _ in
            let (source, loss) = current.withLock { ($0.source, $0.loss) }
            guard let loss else { return }
            letGo()
            do {
                guard let input = try open(source) else { return }
                try start(input)
            } catch {
                let status = current.withLock { current in
                    current.status.problem = loss.saying(current.status.source) + "; not yet: \(error)"
                    return current.status
                }
                instrument.heardChanged(status)
            }
        }
    }
}
