import ServiceLifecycle

/// Tries the OSC followers that were dropped again, and says when they come back: a check every second of the
/// engine's clock (a dropped follower is tried every 5 s; docs/osc.md, "Being followed").
struct OSCHealingService<C: Clock>: Service where C.Duration == Duration {
    static var interval: Duration { .seconds(1) }
    let session: LiveSession<C>

    func run() async throws {
        guard let followers = session.followers else { return try await gracefulShutdown() }
        await cancelWhenGracefulShutdown { await followers.heal(every: Self.interval, on: session.engine.clock) }
    }
}
