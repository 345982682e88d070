import Engine
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdWebSocket
import Instrument
import Logging
import StageOutputs

/// The instrument's server, built the same way by `imager serve` and by the tests: `/live` (the WebSocket
/// of intents, state and frames, docs/live-protocol.md), `/state`, the console (`/`), the canvas page
/// (`/canvas`), the composition lab (`/compose`; the pages' files under `/web/`) and the library's API (`/api/`, docs/library-api.md); the frame ticker and the recording flusher run with it and stop with it.
public func buildApplication<C: Clock>(
    configuration: ServerConfiguration, session: LiveSession<C>, machineNames: Set<String> = [],
    logger: Logger = Logger(label: "imager"), onListening: @escaping @Sendable (_ port: Int) -> Void = { _ in }
) -> some ApplicationProtocol where C.Duration == Duration {
    let listening = ListeningPort(configuration.port)
    let router = Router(context: LiveRequestContext.self)
    router.middlewares.add(AccessGuard(reach: configuration.reach, listening: listening, machineNames: machineNames))
    router.middlewares.add(LibraryWorkMiddleware(pool: .library))
    router.get("/state") { _, _ -> Response in
        Response(status: .ok, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: ByteBuffer(string: LiveMessages.snapshot(await session.engine.snapshot()))))
    }
    router.get("/status") { _, _ -> Response in
        do {
            let body = try JSONEncoder().encode(await session.status)
            return Response(status: .ok, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
        } catch {
            return Response(
                status: .internalServerError, headers: [.contentType: "text/plain; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: "the status could not be written: \(error)\n")))
        }
    }
    router.get("/") { request, _ in try webFile("console/console.html", request) }
    router.get("/canvas") { request, _ in try webFile("canvas/canvas.html", request) }
    router.get("/compose") { request, _ in try webFile("compose/compose.html", request) }
    router.get("/web/**") { request, context in try webFile(context.parameters.getCatchAll().joined(separator: "/"), request) }
    LibraryRoutes.add(to: router, session: session, configuration: configuration, listening: listening)
    MusicRoutes.add(to: router, session: session)
    RepairRoutes.add(to: router, session: session)
    RenderRoutes.add(to: router, session: session)
    ListeningRoutes.add(to: router, session: session)
    FixtureRoutes.add(to: router, session: session)
    FixtureProfileRoutes.add(to: router, session: session)
    OutputRoutes.add(to: router, session: session)
    router.ws("/live") { inbound, outbound, context in
        let connection = LiveConnection(
            session: session, outbound: outbound, channel: context.requestContext.channel,
            wantsFrames: context.request.uri.queryParameters["frames"] == "1",
            output: context.request.uri.queryParameters["output"].flatMap { StageOutput.shownName(String($0)) },
            stallLimit: configuration.stallLimit)
        try await connection.run(inbound: inbound)
    }
    return Application(
        router: router,
        server: .http1WebSocketUpgradeRefusingUnparsable(
            webSocketRouter: router,
            configuration: .init(
                maxFrameSize: LiveMessages.maximumMessageSize, autoPing: .enabled(timePeriod: configuration.pingInterval),
                closeTimeout: .seconds(1))),
        configuration: .init(address: .hostname(configuration.host, port: configuration.port)),
        services: [
            FrameTicker(session: session, fps: configuration.fps),
            RecordingFlusher(session: session) { logger.error("\($0)") },
            ControlsKeeper(session: session) { logger.error("\($0)") },
            ListeningService(session: session),
            LinkService(session: session),
            BeatService(session: session),
            OSCHealingService(session: session),
            DMXService(session: session),
        ],
        onServerRunning: { channel in
            if let port = channel.localAddress?.port {
                listening.set(port)
                onListening(port)
            }
        },
        logger: logger)
}

/// One of the web client's files (by its path in the client's folder), 304 when the browser holds this
/// version already (its ETag), or 404.
private func webFile(_ path: String, _ request: Request) throws -> Response {
    guard let file = WebFiles.file(at: path) else { throw HTTPError(.notFound, message: "no such file") }
    // Never framed by another site (no clicks tricked into the canvas), and never telling another site the
    // address it was opened by (which can hold the pairing token). `no-cache`: asked again on each load, and
    // answered 304 with nothing while it has not changed.
    let headers: HTTPFields = [
        .contentType: WebFiles.contentType(of: path), .cacheControl: "no-cache", .eTag: file.etag,
        .contentSecurityPolicy: "frame-ancestors 'none'", HTTPField.Name("X-Frame-Options")!: "DENY",
        HTTPField.Name("Referrer-Policy")!: "no-referrer",
    ]
    if let asked = request.headers[.ifNoneMatch], asked.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == file.etag }) {
        return Response(status: .notModified, headers: headers)
    }
    return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: file.contents)))
}
