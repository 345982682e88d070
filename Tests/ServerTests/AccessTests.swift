import Foundation
import HTTPTypes
import Instrument
import Hummingbird
import HummingbirdTesting
import HummingbirdWSTesting
import HummingbirdWebSocket
import Testing

@testable import Server

/// Who may reach the instrument: Host and Origin always, the pairing token under `--lan`.
@Suite("Access")
struct AccessTests {
    let token = PairingToken.random()

    func guarding(_ reach: ServerConfiguration.Reach, port: Int = 8080) -> AccessGuard<LiveRequestContext> {
        AccessGuard(reach: reach, listening: ListeningPort(port), machineNames: ["stage-laptop", "stage-laptop.local"])
    }

    @Test func onLoopbackOnlyLoopbackNamesAreOurs() {
        let loopback = guarding(.loopback)
        for host in ["127.0.0.1:8080", "localhost:8080", "[::1]:8080", "localhost"] { #expect(loopback.isOurs(host: host), "\(host)") }
        for host in ["192.168.1.20:8080", "stage-laptop:8080", "evil.example:8080", "localhost:8081", "localhost:x", "[::1]x"] {
            #expect(!loopback.isOurs(host: host), "\(host)")
        }
    }

    @Test func onTheNetworkAddressesAndTheMachinesNamesAreOursButOtherNamesAreNot() {
        let lan = guarding(.lan(token: token))
        for host in ["192.168.1.20:8080", "10.0.0.5", "[fe80::1]:8080", "stage-laptop.local:8080", "localhost:8080"] {
            #expect(lan.isOurs(host: host), "\(host)")
        }
        for host in ["evil.example:8080", "192.168.1.20:9999", "1.2.3:8080", "999.1.1.1:8080", "[]:8080"] {
            #expect(!lan.isOurs(host: host), "\(host)")  // a rebinding attacker's name is never an address
        }
        #expect(lan.isOurs(origin: "http://192.168.1.20:8080", host: "192.168.1.20:8080"))
        #expect(!lan.isOurs(origin: "http://192.168.1.66:8080", host: "192.168.1.20:8080"))  // a page of another machine
        #expect(!lan.isOurs(origin: "http://evil.example:8080", host: "192.168.1.20:8080"))
        #expect(!lan.isOurs(origin: "https://192.168.1.20:8080", host: "192.168.1.20:8080"))
        #expect(!lan.isOurs(origin: "null", host: "192.168.1.20:8080"))
        #expect(guarding(.loopback).isOurs(origin: "http://localhost:8080", host: "127.0.0.1:8080"))
    }

    @Test func theTokenMatchesOnlyItself() {
        #expect(token.description.count == 32)
        #expect(token.matches(Substring(token.description)))
        #expect(!token.matches(Substring(String(token.description.dropLast()) + "x")))
        #expect(!token.matches(""))
        #expect(PairingToken.random() != token)
    }

    @Test func underLanEveryRequestNeedsTheToken() async throws {
        let application = buildApplication(configuration: ServerConfiguration(reach: .lan(token: token), port: 0), session: LiveTesting.session())
        try await application.test(.live) { client in
            try await client.execute(uri: "/state", method: .get) { #expect($0.status == .unauthorized) }
            try await client.execute(uri: "/state?token=wrong", method: .get) { #expect($0.status == .unauthorized) }
            try await client.execute(uri: "/state", method: .get, headers: [.authorization: "Bearer \(token)"]) { #expect($0.status == .ok) }
            try await client.execute(uri: "/canvas?token=\(token)", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.setCookie]?.hasPrefix("imager_token=\(token);") == true)
                #expect(response.headers[.setCookie]?.contains("HttpOnly") == true)
            }
            try await client.execute(uri: "/canvas", method: .get, headers: [.cookie: "theme=dark; imager_token=\(token)"]) { #expect($0.status == .ok) }
            await #expect(throws: (any Error).self) {
                try await client.ws("/live", configuration: .init(maxFrameSize: 1 << 24)) { _, _, _ in Issue.record("upgraded without the token") }
            }
            try await client.ws("/live?token=\(token)", configuration: .init(maxFrameSize: 1 << 24)) { inbound, _, _ in
                var reader = MessageReader(inbound)
                _ = try await reader.expect("snapshot")
            }
        }
    }

    @Test func theCanvasPageAndItsFilesAreServedAndNothingElse() async throws {
        try await buildApplication(configuration: ServerConfiguration(port: 0), session: LiveTesting.session()).test(.live) { client in
            try await client.execute(uri: "/canvas", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType]?.hasPrefix("text/html") == true)
                #expect(response.headers[.contentSecurityPolicy] == "frame-ancestors 'none'")
                #expect(String(buffer: response.body).contains("/web/canvas/canvas.js"))
            }
            try await client.execute(uri: "/web/canvas/canvas.js", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType]?.hasPrefix("text/javascript") == true)
            }
            for path in [
                "/web/missing.js", "/web/..%2FPackage.swift", "/web/.hidden", "/web/canvas", "/web/a.b.js", "/web/../Package.swift",
                "/web/canvas/../../Package.swift", "/web/%2e%2e/Package.swift", "/web/canvas/.canvas.js",
                "/web/canvas.html/x.js", "/web/a/b/c/d/e/f/g/h/i.js",
            ] {
                try await client.execute(uri: path, method: .get) { #expect($0.status == .notFound, "\(path)") }
            }
            try await client.execute(uri: "/", method: .get) { response in
                #expect(response.status == .ok)  // the console
                #expect(String(buffer: response.body).contains("/web/console/console.js"))
            }
        }
    }

    @Test func aReloadIsAnsweredNotModifiedWhileAFileIsTheSame() async throws {
        try await buildApplication(configuration: ServerConfiguration(port: 0), session: LiveTesting.session()).test(.live) { client in
            let etag = try await client.execute(uri: "/web/canvas/canvas.js", method: .get) { response in
                #expect(response.status == .ok)
                return try #require(response.headers[.eTag])
            }
            try await client.execute(uri: "/web/canvas/canvas.js", method: .get, headers: [.ifNoneMatch: etag]) { response in
                #expect(response.status == .notModified)
                #expect(response.body.readableBytes == 0)
            }
            try await client.execute(uri: "/web/canvas/canvas.js", method: .get, headers: [.ifNoneMatch: "\"0000000000000000\""]) { response in
                #expect(response.status == .ok)
                #expect(response.body.readableBytes > 0)
            }
        }
    }

    /// Seeded random paths under /web/: nothing but the client's own files is ever served, nothing fails.
    @Test func anyPathUnderWebIsAFileOfTheClientOrNotFound() async throws {
        let pieces = ["canvas", "console", "view", "shared", "..", ".", "", "%2e", "%2F", "canvas.js", "a.b.c", "x.js", "~", "Package.swift", "\\", "é"]
        try await buildApplication(configuration: ServerConfiguration(port: 0), session: LiveTesting.session()).test(.live) { client in
            for index in 0..<300 {
                let count = Int(StableRandom.bits(25, Int64(index) * 9) % 6) + 1
                let path = (0..<count).map { pieces[Int(StableRandom.bits(25, Int64(index) * 9 + Int64($0) + 1) % UInt64(pieces.count))] }
                    .joined(separator: "/")
                let uri = "/web/" + (path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path)
                try await client.execute(uri: uri, method: .get) { response in
                    #expect([.ok, .notFound, .badRequest].contains(response.status), "\(uri): \(response.status)")
                    // The router reads "a//b" as "a/b": what it serves is a client path once empty segments go.
                    let routed = path.split(separator: "/").joined(separator: "/")
                    if response.status == .ok { #expect(WebFiles.isClientPath(routed), "\(uri) was served") }
                }
            }
        }
    }
}
