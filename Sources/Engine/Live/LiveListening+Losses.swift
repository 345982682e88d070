import Instrument
import Listening

/// An input lost and found again, carried out: the watch that sees an input stall or its device removed, the
/// loss said (`InputHealth` decides what is lost, silent or back), and the same input tried again every
/// `InputHealth.retryInterval` until it comes back — one reopen at a time, on a thread of its own, without a
/// restart, the show going on.
extension LiveListening {
    typealias Health = InputHealth<C.Instant>

    /// Says the input of `generation` lost (once), lets the followers fall to rest, and has it tried again.
    func lose(_ loss: Health.Loss, generation: Int) async {
        let now = instrument.engine.clock.now
        let status: ListeningStatus? = current.withLock { current in
            guard current.generation == generation, current.source != .none, current.health.lose(loss, at: now, status: &current.status) else {
                return nil
            }
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
            (current.input, current.generation, current.health.stalled(lastFrameAt: current.lastFrameAt, now: now))
        }
        if stalled {
            await lose(.stalled, generation: generation)
        } else if let removed = input?.lost {
            await lose(.removed(removed), generation: generation)
        }
        guard current.withLock({ $0.health.reopenDue(at: now) }) else { return }
        retrying {
            self.tryAgain()
            self.current.withLock { $0.health.reopenEnded() }
        }
    }

    /// Lets go of the lost input and opens its source again, if it is still lost; if it cannot be opened
    /// yet, the reason is said and it is tried again later. The opening itself — which may wait for the
    /// system, or hang — holds no lock: a performer choosing another input meanwhile is not kept waiting,
    /// and an input opened for a choice no longer current is closed.
    func tryAgain() {
        let asked: (source: ListeningSource, loss: Health.Loss, generation: Int)? = switching.withLock { _ in
            guard let loss = current.withLock({ $0.health.loss }) else { return nil }
            letGo()
            return current.withLock { ($0.source, loss, $0.generation) }
        }
        guard let asked else { return }
        let opened: (any SoundInput)?
        do { opened = try open(asked.source) } catch {
            let status: ListeningStatus? = current.withLock { current in
                guard current.generation == asked.generation, current.health.loss != nil else { return nil }
                current.health.notYet("\(error)", lostAs: asked.loss, status: &current.status)
                return current.status
            }
            if let status { instrument.heardChanged(status) }
            return
        }
        guard let input = opened else { return }
        switching.withLock { _ in
            let stillWanted = current.withLock { $0.generation == asked.generation && $0.health.loss != nil && $0.input == nil }
            guard stillWanted else { return input.stop() }
            do { try start(input) } catch {
                let status = current.withLock { current in
                    current.health.notYet("\(error)", lostAs: asked.loss, status: &current.status)
                    return current.status
                }
                instrument.heardChanged(status)
            }
        }
    }
}
