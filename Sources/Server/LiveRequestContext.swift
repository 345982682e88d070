import Hummingbird
import HummingbirdWebSocket
import NIOCore

/// The context of every request to the instrument's server: Hummingbird's, plus the connection's channel,
/// so that a WebSocket client that stopped reading can be cut off (its writes would otherwise wait
/// forever).
struct LiveRequestContext: RequestContext, WebSocketRequestContext {
    var coreContext: CoreRequestContextStorage
    let webSocket: WebSocketHandlerReference<Self>
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        webSocket = .init()
        channel = source.channel
    }
}
