import Testing
import UserText

/// `HOST:PORT` read by one rule: what is a target, how it is kept, and what is refused in a line.
@Suite struct NetworkTargetTests {
    @Test(arguments: [
        ("127.0.0.1:9000", "127.0.0.1", 9000, "127.0.0.1:9000"), ("lights.local:53000", "lights.local", 53000, "lights.local:53000"),
        ("[::1]:9000", "::1", 9000, "[::1]:9000"), (" desk:1 ", "desk", 1, "desk:1"), ("host:65535", "host", 65535, "host:65535"),
    ])
    func aTargetIsReadAndKept(text: String, host: String, port: Int, kept: String) throws {
        let target = try NetworkTarget(text)
        #expect(target.host == host && target.port == port && target.description == kept)
    }

    @Test(arguments: ["nowhere", ":9000", "host:0", "host:65536", "host:", "host:port", "[::1]9000", "a b:9", "host/x:9", "", "host:9\u{0}",
                      String(repeating: "h", count: 300) + ":9", "[]:9"])
    func whatIsNotATargetIsRefusedInALine(text: String) {
        #expect(throws: UserTextError.self) { try NetworkTarget(text) }
        do { _ = try NetworkTarget(text) } catch { #expect(!error.description.contains("\n")) }
    }
}
