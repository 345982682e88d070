import Engine
import Instrument
import NIOCore
import ServiceLifecycle

/// The clock of the live canvas: at the display rate it asks the engine for the frame of the moment,
/// encodes it once and offers it to every canvas. Ticks keep to the clock's grid — a late tick is not
/// made up by a burst — and the engine is asked even when no canvas watches, so what can no longer be
/// seen is let go on time. Runs on the engine's clock, so tests drive it by hand.
public struct FrameTicker<C: Clock>: Service where C.Duration == Duration {
    let session: LiveSession<C>
    let interval: Duration

    /// Ticks `fps` times a second (1…240).
    public init(session: LiveSession<C>, fps: Int) {
        self.session = session
        interval = .seconds(1) / max(1, min(fps, 240))
    }

    /// Ticks on a thread of its own (`ThreadExecutor.frames`): evaluated on the engine's, encoded on its own,
    /// whatever else the server is doing.
    public func run() async throws {
        await withTaskExecutorPreference(ThreadExecutor.frames) { await ticking() }
    }

    private func ticking() async {
        let clock = session.engine.clock
        var deadline = clock.now
        var number: UInt32 = 0
        while !Task.isCancelled, !Task.isShuttingDownGracefully {
            let started = clock.now
            await tick(number: number)
            session.ticks.record(started.duration(to: clock.now))
            number &+= 1
            deadline = deadline.advanced(by: interval)
            if deadline < clock.now {  // fell behind: start again from now rather than catch up in a burst
                deadline = clock.now.advanced(by: interval)
            }
            do {
                try await clock.sleep(until: deadline, tolerance: .microseconds(500))
            } catch {
                return  // cancelled: the server is stopping
            }
        }
    }

    /// One tick: the composition transport moved on, and the frame now, to every canvas.
    func tick(number: UInt32) async {
        await session.transport?.tick()  // the composition's light due now, before the frame that shows it
        let scene = await session.engine.frame()
        session.stage.keep(scene)
        guard session.hub.counts.canvases > 0 else { return }
        session.hub.publish(LiveFrame(bytes: FrameEncoding.encodedBuffer(scene, frame: number), forms: scene.forms))
    }
}

/// Keeps the recording under way durable: flushed to the disk four times a second (a crash loses at most
/// that much; the promise is a second), on the engine's clock.
struct RecordingFlusher<C: Clock>: Service where C.Duration == Duration {
    static var interval: Duration { .milliseconds(250) }
    let session: LiveSession<C>
    let failed: @Sendable (LiveError) -> Void

    func run() async throws {
        // Stops when the server does; the recording under way is then finished by whoever stops it.
        await cancelWhenGracefulShutdown {
            await session.instrument.keepRecordingDurable(every: Self.interval, on: session.engine.clock, failed: failed)
        }
    }
}

/// Keeps what the console's controls hold in the library, once a second while they change and once more
/// when the server stops, on the engine's clock.
struct ControlsKeeper<C: Clock>: Service where C.Duration == Duration {
    static var interval: Duration { .seconds(1) }
    let session: LiveSession<C>
    let failed: @Sendable (LiveError) -> Void

    func run() async throws {
        await cancelWhenGracefulShutdown {
            await session.instrument.keepControls(every: Self.interval, on: session.engine.clock, failed: failed)
        }
    }
}

/// Gives what the instrument hears to the engine, and says when the input stops sending sound.
struct ListeningService<C: Clock>: Service where C.Duration == Duration {
    static var watchInterval: Duration { .milliseconds(250) }
    let session: LiveSession<C>

    func run() async throws {
        // A service that returns stops the server: without its work it waits for the server to stop.
        guard let listening = session.listening else { return try await gracefulShutdown() }
        await cancelWhenGracefulShutdown {
            await withTaskGroup(of: Void.self) { group in
                group.addTask { await listening.run() }
                group.addTask { await listening.watch(every: Self.watchInterval) }
                await group.next()
                group.cancelAll()
            }
        }
        listening.stop()
    }
}

/// Keeps the instrument in time with its Link session, ten times a second.
struct LinkService<C: Clock>: Service where C.Duration == Duration {
    static var interval: Duration { .milliseconds(100) }
    let session: LiveSession<C>

    func run() async throws {
        guard let link = session.link else { return try await gracefulShutdown() }
        await cancelWhenGracefulShutdown { await link.keepInTime(every: Self.interval) }
    }
}

/// Tells OSC followers each beat as it begins, on the engine's clock.
struct BeatService<C: Clock>: Service where C.Duration == Duration {
    let session: LiveSession<C>

    func run() async throws {
        guard let followers = session.followers else { return try await gracefulShutdown() }
        await cancelWhenGracefulShutdown { await session.engine.tellBeats { followers.beat($0, tempo: $1) } }
    }
}
