import Engine
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import HummingbirdWSTesting
import Instrument
import StageOutputs
import Synchronization
import Testing
import TestSupport

@testable import Server

/// The stage's outputs over HTTP and the live socket, on the real server: kept, told to every client, counted
/// per canvas, renamed with the canvases that show them; and every hostile body refused with one line,
/// nothing changed.
@Suite struct OutputRoutesTests {
    /// Outputs kept in memory, as the library would keep them.
    final class MemoryOutputShelf: OutputShelf {
        let kept = Mutex<StageOutputs>(StageOutputs())
        func stageOutputs() throws(LiveError) -> (outputs: StageOutputs, problems: [String]) { (kept.withLock { $0 }, []) }
        func keep(_ outputs: StageOutputs) throws(LiveError) { kept.withLock { $0 = outputs } }
    }

    private func application(_ shelf: MemoryOutputShelf) -> some ApplicationProtocol {
        let session = LiveSession(
            instrument: LiveInstrument(engine: InstrumentEngine(chordset: FactoryChordsets.lumia, clock: ContinuousClock())),
            outputs: LiveOutputs(shelf: shelf))
        return buildApplication(configuration: ServerConfiguration(port: 0), session: session)
    }

    private func body(_ text: String) -> ByteBuffer { ByteBuffer(string: text) }
    private let jsonType: HTTPFields = [.contentType: "application/json"]

    private func listing(_ client: some TestClientProtocol) async throws -> [String: Any] {
        try await client.execute(uri: "/api/outputs", method: .get) { response in try json(String(buffer: response.body)) }
    }

    @Test func anOutputIsKeptToldCountedRenamedAndDeleted() async throws {
        let shelf = MemoryOutputShelf()
        _ = try await application(shelf).test(.live) { client in
            try await client.ws("/live?frames=1&output=Stage%20left", configuration: .init(maxFrameSize: 1 << 24)) { inbound, _, _ in
                var canvas = MessageReader(inbound)
                #expect((try await canvas.expect("outputs")["outputs"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Main"])
                let left = #"{"name": "Stage left", "slice": {"x": 0, "y": 0, "width": 0.575, "height": 1}, "blend": {"right": 0.26}}"#
                try await client.execute(uri: "/api/outputs/Stage%20left", method: .put, headers: jsonType, body: body(left)) { response in
                    #expect(response.status == .ok)
                    let kept = try json(String(buffer: response.body))
                    #expect((kept["blend"] as? [String: Any])?["gamma"] as? Double == 2.2 && kept["grid"] is NSNull)
                }
                let told = try await canvas.expect("outputs")
                #expect((told["outputs"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Main", "Stage left"] && told["renamed"] == nil)
                #expect(try await listing(client)["canvases"] as? [String: Int] == ["Main": 0, "Stage left": 1])
                #expect(shelf.kept.withLock { $0.outputs.map(\.name) } == ["Main", "Stage left"])

                try await client.execute(uri: "/api/outputs/Stage%20left/rename", method: .post, headers: jsonType, body: body(#"{"name": "Left"}"#)) { response in
                    #expect(response.status == .ok)
                }
                let renamed = try await canvas.expect("outputs")
                #expect(renamed["renamed"] as? [String: String] == ["from": "Stage left", "to": "Left"])
                #expect(try await listing(client)["canvases"] as? [String: Int] == ["Main": 0, "Left": 1])

                for (method, uri) in [(HTTPRequest.Method.delete, "/api/outputs/Main"), (.delete, "/api/outputs/Nobody")] {
                    try await client.execute(uri: uri, method: method) { response in #expect(response.status == .badRequest || response.status == .notFound) }
                }
                try await client.execute(uri: "/api/outputs/Left", method: .delete) { response in #expect(response.status == .noContent) }
                #expect((try await canvas.expect("outputs")["outputs"] as? [[String: Any]])?.count == 1)
            }
        }
    }

    @Test func identifyIsToldToEveryClientAndAnUnknownOutputRefused() async throws {
        _ = try await application(MemoryOutputShelf()).test(.live) { client in
            try await client.ws("/live", configuration: .init(maxFrameSize: 1 << 24)) { inbound, outbound, _ in
                var messages = MessageReader(inbound)
                try await outbound.write(.text(#"{"type": "identifyOutput", "name": "Main"}"#))
                #expect(try await messages.expect("identifyOutput")["name"] as? String == "Main")
                try await outbound.write(.text(#"{"type": "identifyOutput", "name": "Nobody"}"#))
                #expect(try await messages.expect("error")["message"] as? String == "there is no output “Nobody”")
            }
        }
    }

    @Test func aSeededFuzzOfBodiesIsRefusedWithOneLineAndChangesNothing() async throws {
        let shelf = MemoryOutputShelf()
        _ = try await application(shelf).test(.live) { client in
            let wall = #"{"name": "Wall", "corners": [[0.1, 0], [0.9, 0.1], [1, 1], [0, 0.9]]}"#
            try await client.execute(uri: "/api/outputs/Wall", method: .put, headers: jsonType, body: body(wall)) { #expect($0.status == .ok) }
            let before = try await listing(client)
            var random = SeededGenerator(seed: 35)
            for candidate in Self.hostileBodies(count: 300, using: &random) {
                try await client.execute(uri: "/api/outputs/Wall", method: .put, headers: jsonType, body: body(candidate)) { response in
                    #expect(response.status == .badRequest, "\(candidate)")
                    let error = (try? json(String(buffer: response.body)))?["error"] as? String ?? ""
                    #expect(!error.isEmpty && !error.contains("\n") && error.count < 600, "\(candidate): \(error)")
                }
            }
            // A name the text rule refuses is refused for that, not for differing from the address.
            try await client.execute(uri: "/api/outputs/Bad", method: .put, headers: jsonType, body: body(#"{"name": "Bad\u0000"}"#)) { response in
                #expect(response.status == .badRequest && String(buffer: response.body).contains("an output's name cannot hold"))
            }
            #expect(NSDictionary(dictionary: try await listing(client)).isEqual(to: before))
            #expect(shelf.kept.withLock { $0.output(named: "Wall")?.corners.first } == OutputPoint(0.1, 0))
        }
    }

    /// Bodies an output must refuse: a valid one with one field broken — out of range, not a number, a bow tie,
    /// the wrong shape, a hostile name, too deep or not JSON at all.
    static func hostileBodies(count: Int, using random: inout SeededGenerator) -> [String] {
        let breaks = [
            #""slice": {"x": 0.6, "y": 0, "width": 0.5, "height": 1}"#, #""slice": {"x": -0.1, "y": 0, "width": 1, "height": 1}"#,
            #""slice": {"x": 0, "y": 0, "width": 0, "height": 1}"#, #""slice": [0, 0, 1, 1]"#,
            #""corners": [[0, 0], [1, 1], [1, 0], [0, 1]]"#, #""corners": [[0, 0], [0.5, 0], [1, 0], [0, 1]]"#,
            #""corners": [[0, 0], [1, 0], [1, 1]]"#, #""corners": [[0, 0], [1, 0], [1, 1], [0, 1.5]]"#, #""corners": [[0, 0, 0], [1, 0], [1, 1], [0, 1]]"#,
            #""grid": {"columns": 1, "rows": 2, "points": [[0, 0], [0, 1]]}"#, #""grid": {"columns": 18, "rows": 2, "points": []}"#,
            #""grid": {"columns": 2, "rows": 2, "points": [[0, 0], [1, 0], [0, 1]]}"#,
            #""blend": {"left": 0.6}"#, #""blend": {"gamma": 0.5}"#, #""blend": {"right": "wide"}"#, #""blend": {"top": -1}"#,
            #""mask": [[0, 0], [1, 1]]"#, #""mask": [[0, 0], [1, 1], [2, 2]]"#, #""mask": 7"#,
            #""brightness": 1.5"#, #""brightness": -0.1"#, #""brightness": "full""#, #""brightness": 1e999"#,
            #""testPattern": "plaid""#, #""testPattern": 1"#,
        ]
        let names = HostileText.samples(count: 40, seed: 3535).map { name in
            String(decoding: try! JSONEncoder().encode(["name": name]), as: UTF8.self).dropFirst().dropLast()
        }
        return (0..<count).map { index in
            switch index % 6 {
            case 0: return "{\(names.randomElement(using: &random)!), \(breaks.randomElement(using: &random)!)}"
            case 1: return String(repeating: "[", count: 40) + String(repeating: "]", count: 40)
            case 2: return ["", "null", "[]", "\"Wall\"", "{", "{\"name\": 3}", "{\"slice\": {}}"].randomElement(using: &random)!
            default: return "{\"name\": \"Wall\", \(breaks.randomElement(using: &random)!)}"
            }
        }
    }
}
