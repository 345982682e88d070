import Engine
import Foundation
import Hummingbird
import HummingbirdWebSocket
import Instrument
import Logging

/// The instrument's server, built the same way by `imager serve` and by the tests: `/state` (the
/// snapshot as JSON) and `/live` (the WebSocket of intents and state, docs/live-protocol.md).
public func buildApplication<C: Clock>(
    configuration: ServerConfiguration, engine: InstrumentEngine<C>, logger: Logger = Logger(label: "imager")
) -> some ApplicationProtocol where C.Duration == Duration {
    let hub = LiveHub()
    let listening = ListeningPort(configuration.port)
    let router = Router(context: BasicWebSocketRequestContext.self)
    router.middlewares.add(OriginGuard(listening: listening))
    router.get("/state") { _, _ -> Response in
        let body = LiveMessages.snapshot(await engine.snapshot())
        return Response(status: .ok, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
    }
    router.ws("/live") { inbound, outbound, _ in
        let (id, outbox) = await hub.join()
        await hub.send(LiveMessages.snapshot(await engine.snapshot()), to: id)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for await message in outbox { try await outbound.write(.text(message)) }
            }
            defer { group.cancelAll() }
            for try await message in inbound.messages(maxSize: LiveMessages.maximumMessageSize) {
                guard case .text(let text) = message else {
                    await hub.send(LiveMessages.error("intents are JSON text messages"), to: id)
                    continue
                }
                switch LiveMessages.intent(from: text) {
                case .failure(let refusal):
                    await hub.send(LiveMessages.error(refusal.message), to: id)
                case .success(let intent):
                    do {
                        let changed = try await engine.perform(intent)
                        await hub.broadcast(LiveMessages.changed(changed, await engine.snapshot()))
                    } catch {
                        await hub.send(LiveMessages.error("\(error)"), to: id)
                    }
                }
            }
            await hub.leave(id)
        }
    }
    return Application(
        router: router,
        server: .http1WebSocketUpgrade(webSocketRouter: router, configuration: .init(maxFrameSize: LiveMessages.maximumMessageSize)),  // inbound frames
        configuration: .init(address: .hostname(configuration.host, port: configuration.port)),
        onServerRunning: { channel in
            if let port = channel.localAddress?.port { listening.set(port) }
        },
        logger: logger)
}
