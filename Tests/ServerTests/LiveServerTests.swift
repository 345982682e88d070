import Engine
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import HummingbirdWSTesting
import HummingbirdWebSocket
import Instrument
import Server
import Testing

/// The real server on a free loopback port, spoken to over HTTP and WebSocket.
@Suite("The live server")
struct LiveServerTests {
    func application() -> some ApplicationProtocol {
        buildApplication(configuration: ServerConfiguration(port: 0), session: LiveTesting.session())
    }

    @Test func theStateIsServedAsJSON() async throws {
        try await application().test(.live) { client in
            try await client.execute(uri: "/state", method: .get) { response in
                #expect(response.status == .ok)
                let state = try json(String(buffer: response.body))
                #expect(state["type"] as? String == "snapshot")
                #expect(((state["state"] as? [String: Any])?["chordset"] as? [String: Any])?["title"] as? String == "Lumia")
            }
        }
    }

    @Test func aForeignHostOrOriginIsRefused() async throws {
        try await application().test(.live) { client in
            try await client.execute(uri: "/state", method: .get, headers: [.origin: "http://evil.example"]) { response in
                #expect(response.status == .forbidden)
            }
        }
    }

    @Test func intentsChangeTheStateForEveryoneAndBadOnesAreAnswered() async throws {
        _ = try await application().test(.live) { client in
            try await client.ws("/live", configuration: .init(maxFrameSize: 1 << 22)) { inbound, outbound, _ in
                var messages = inbound.messages(maxSize: 1 << 22).makeAsyncIterator()
                let received = try await messages.next()
                guard case .text(let first)? = received else { Issue.record("no snapshot: \(String(describing: received))"); return }
                #expect(try json(first)["type"] as? String == "snapshot")

                try await outbound.write(.text(#"{"type":"padDown","pad":2,"velocity":0.9}"#))
                guard case .text(let changed)? = try await messages.next() else { Issue.record("no change"); return }
                let message = try json(changed)
                #expect(message["type"] as? String == "changed")
                #expect((message["aspects"] as? [String])?.contains("pads") == true)
                #expect(message["pads"] != nil && message["chordset"] == nil)  // only what changed

                for bad in [#"{"type":"padDown","pad":12,"velocity":1}"#, "not json", #"{"type":"explode"}"#,
                            String(repeating: "[", count: 100) + String(repeating: "]", count: 100)] {
                    try await outbound.write(.text(bad))
                    guard case .text(let reply)? = try await messages.next() else { Issue.record("no reply to \(bad)"); return }
                    let answer = try json(reply)
                    #expect(answer["type"] as? String == "error")
                    #expect(!(answer["message"] as? String ?? "").isEmpty)
                }
            }
        }
    }

    @Test func aWebSocketFromAForeignOriginIsRefused() async throws {
        _ = try await application().test(.live) { client in
            await #expect(throws: (any Error).self) {
                try await client.ws("/live", configuration: .init(additionalHeaders: [.origin: "http://evil.example"])) { _, _, _ in
                    Issue.record("upgraded")
                }
            }
        }
    }
}
