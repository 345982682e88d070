import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOHTTP1

/// The server's connections as `.http1WebSocketUpgrade` makes them, with one door closed: a first request
/// whose head HTTP cannot parse (a NUL in a header, say) was left unanswered while the WebSocket upgrade
/// waited for a head that never came — the connection held open until the client gave up, and the server's
/// stop waiting behind it. It is answered 400 and closed, as every later request on a connection is.
struct UnparsableRequestsRefused<Inner: ServerChildChannel>: ServerChildChannel {
    let inner: Inner

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Inner.Value> {
        inner.setup(channel: channel, logger: logger).flatMapThrowing { value in
            try channel.pipeline.syncOperations.addHandler(UnparsableRequestGuard())
            return value
        }
    }

    func handle(value: Inner.Value, logger: Logger) async {
        await inner.handle(value: value, logger: logger)
    }
}

/// Stands at the end of a new connection's pipeline until its first request is parsed (anything read passes
/// it: it then steps aside); a parse error before that is answered 400 and the connection closed.
final class UnparsableRequestGuard: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        context.fireChannelRead(data)
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard error is HTTPParserError else { return context.fireErrorCaught(error) }
        let head = HTTPResponseHead(version: .http1_1, status: .badRequest, headers: ["Connection": "close", "Content-Length": "0"])
        context.write(NIOAny(HTTPServerResponsePart.head(head)), promise: nil)
        let channel = context.channel
        context.writeAndFlush(NIOAny(HTTPServerResponsePart.end(nil))).whenComplete { _ in channel.close(promise: nil) }
    }
}

extension HTTPServerBuilder {
    /// HTTP/1.1 with the WebSocket upgrade of `webSocketRouter`, a first request HTTP cannot parse refused
    /// (`UnparsableRequestsRefused`).
    static func http1WebSocketUpgradeRefusingUnparsable<Router: HTTPResponderBuilder & SendableMetatype>(
        webSocketRouter: Router, configuration: WebSocketServerConfiguration
    ) -> HTTPServerBuilder where Router.Responder.Context: WebSocketRequestContext {
        let webSocketResponder = webSocketRouter.buildResponder()
        return .init { responder in
            UnparsableRequestsRefused(
                inner: HTTP1WebSocketUpgradeChannel(
                    responder: responder, webSocketResponder: webSocketResponder, configuration: configuration, additionalChannelHandlers: { [] }))
        }
    }
}
