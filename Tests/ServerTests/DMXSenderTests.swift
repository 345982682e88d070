import DMX
import Testing
import TestSupport

@testable import Server

/// The server's DMX transmitter (SwiftNIO's UDP): its socket opened in the background and never kept past
/// its end.
@Suite struct DMXSenderTests {
    /// A target dropped while its socket is still opening (the preferences changed at once) has the socket closed
    /// as soon as it opens: it used to be kept, open, by a sender nobody held any more.
    @Test(.timeLimit(.minutes(1)))
    func aSenderEndedWhileItsSocketOpensKeepsNoSocket() async throws {
        let sender = DMXSender(target: try DMXTarget("artnet:127.0.0.1"), cid: [UInt8](repeating: 1, count: 16), said: { _ in })
        sender.send([1: DMXFrame()], at: 0)  // opens the socket, in the background
        #expect(sender.socket.opening)
        await sender.end()
        try await awaitUntil("the socket to have opened") { !sender.socket.opening }
        #expect(!sender.socket.open, "the socket opened after the end was closed, not kept")
        sender.send([1: DMXFrame()], at: 10)  // nothing is opened again
        #expect(!sender.socket.opening && !sender.socket.open)
    }
}
