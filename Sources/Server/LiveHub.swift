import Foundation

/// Everyone connected to `/live`: each client has a small outbox that the hub fills and the client's own
/// task empties into its socket. A client that falls behind loses its oldest messages (the state it is
/// sent is always whole, so the newest one is enough); it never holds up the engine or the others.
actor LiveHub {
    /// How many messages wait for a slow client before the oldest are dropped.
    static let outboxSize = 32

    private var outboxes: [UUID: AsyncStream<String>.Continuation] = [:]

    /// Registers a client; returns its id and the stream of messages to send it.
    func join() -> (UUID, AsyncStream<String>) {
        let id = UUID()
        let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(Self.outboxSize))
        outboxes[id] = continuation
        return (id, stream)
    }

    func leave(_ id: UUID) {
        outboxes.removeValue(forKey: id)?.finish()
    }

    func send(_ message: String, to id: UUID) {
        outboxes[id]?.yield(message)
    }

    func broadcast(_ message: String) {
        for continuation in outboxes.values { continuation.yield(message) }
    }
}
