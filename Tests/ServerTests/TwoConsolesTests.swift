import DMX
import Engine
import Fixtures
import Foundation
import Geometry
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

/// Two consoles, one rig: every change of the fixture patch and of the outputs told on `/live` with its
/// revision, a change made from a stale revision answered 409 with what is there now, memory and the library
/// always agreeing — on the real server.
@Suite struct TwoConsolesTests {
    /// A patch kept in memory, as the library would keep it; refuses to keep while `failing`.
    final class MemoryFixtureShelf: FixtureShelf {
        let kept = Mutex<FixturePatch>(.empty)
        let failing = Atomic<Bool>(false)
        func fixturePatch() throws(LiveError) -> (patch: FixturePatch, problems: [String]) { (kept.withLock { $0 }, []) }
        func keep(_ patch: FixturePatch) throws(LiveError) {
            guard !failing.load(ordering: .relaxed) else { throw LiveError(.notSaved, "the disk is full") }
            kept.withLock { $0 = patch }
        }
    }

    private let jsonType: HTTPFields = [.contentType: "application/json"]

    private func application(fixtures: MemoryFixtureShelf, outputs: OutputRoutesTests.MemoryOutputShelf) -> some ApplicationProtocol {
        let session = LiveSession(
            instrument: LiveInstrument(engine: InstrumentEngine(chordset: FactoryChordsets.lumia, clock: ContinuousClock())),
            fixtures: LiveFixtures(shelf: fixtures, commandLine: [], firstRevision: 100, said: { _ in }) { DMXSender(target: $0, cid: [UInt8](repeating: 1, count: 16), said: { _ in }) },
            outputs: LiveOutputs(shelf: outputs, firstRevision: 500))
        return buildApplication(configuration: ServerConfiguration(port: 0), session: session)
    }

    private func patch(_ names: [String]) -> ByteBuffer {
        let fixtures = names.enumerated().map { index, name in
            #"{"name": "\#(name)", "universe": 1, "address": \#(1 + index * 3), "kind": "rgb", "point": {"x": 0.5, "y": 0.5}}"#
        }
        return ByteBuffer(string: #"{"fixtures": [\#(fixtures.joined(separator: ","))]}"#)
    }

    private func headers(ifMatch tag: String?) -> HTTPFields {
        var headers = jsonType
        if let tag { headers[.ifMatch] = tag }
        return headers
    }

    private func names(_ object: Any?) -> [String]? { (object as? [[String: Any]])?.compactMap { $0["name"] as? String } }

    @Test(.timeLimit(.minutes(1)))
    func aPatchChangedFromAStaleRevisionIsRefusedWithThePatchAsItNowIs() async throws {
        let shelf = MemoryFixtureShelf()
        _ = try await application(fixtures: shelf, outputs: .init()).test(.live) { client in
            try await client.ws("/live", configuration: .init(maxFrameSize: 1 << 24)) { inbound, _, _ in
                var console = MessageReader(inbound)
                let greeting = try await console.expect("fixturePatch")
                #expect(greeting["revision"] as? Int == 100 && names(greeting["fixtures"]) == [])
                let (tag, listed) = try await client.execute(uri: "/api/fixtures", method: .get) { response in
                    (response.headers[.eTag], try json(String(buffer: response.body)))
                }
                #expect(listed["revision"] as? Int == 100)
                #expect(tag == "\"100\"")

                // The first console's change, made from revision 100, is kept and told.
                try await client.execute(uri: "/api/fixtures", method: .put, headers: headers(ifMatch: tag), body: patch(["Par"])) { response in
                    #expect(response.status == .ok && response.headers[.eTag] == "\"101\"")
                }
                let told = try await console.expect("fixturePatch")
                #expect(told["revision"] as? Int == 101 && names(told["fixtures"]) == ["Par"])

                // The second console's, made from the same revision, is refused with what the first did.
                try await client.execute(uri: "/api/fixtures", method: .put, headers: headers(ifMatch: tag), body: patch(["Wash"])) { response in
                    #expect(response.status == .conflict && response.headers[.eTag] == "\"101\"")
                    let answer = try json(String(buffer: response.body))
                    #expect(answer["error"] as? String == "the fixture patch was not changed: another console changed it meanwhile; here it is as it now is")
                    let current = answer["current"] as? [String: Any]
                    #expect(current?["revision"] as? Int == 101 && names(current?["fixtures"]) == ["Par"])
                }
                #expect(shelf.kept.withLock { $0.fixtures.map(\.name) } == ["Par"], "nothing changed")

                // Made again from the newest revision (or without one), it is kept.
                try await client.execute(uri: "/api/fixtures", method: .put, headers: headers(ifMatch: "W/\"101\""), body: patch(["Par", "Wash"])) { response in
                    #expect(response.status == .ok && response.headers[.eTag] == "\"102\"")
                }
                #expect(names(try await console.expect("fixturePatch")["fixtures"]) == ["Par", "Wash"])
                try await client.execute(uri: "/api/fixtures", method: .put, headers: headers(ifMatch: "*"), body: patch(["Wash"])) { response in
                    #expect(response.status == .ok && response.headers[.eTag] == "\"103\"")
                }
                for bad in ["12", "\"twelve\"", "\"-1\"", "\"\"", "\"99999999999999999999999\""] {
                    let (status, answer) = try await client.execute(uri: "/api/fixtures", method: .put, headers: headers(ifMatch: bad), body: patch(["Bad"])) {
                        ($0.status, try json(String(buffer: $0.body)))
                    }
                    #expect(status == .badRequest, "If-Match \(bad)")
                    #expect((answer["error"] as? String)?.hasPrefix("If-Match must be the ETag a GET gave") == true)
                }
                #expect(shelf.kept.withLock { $0.fixtures.map(\.name) } == ["Wash"])
            }
        }
    }

    /// Many consoles changing the patch at once: each change is kept whole, memory and the library hold the
    /// same patch at the end, and the changes are told in the order of their revisions, the last told being
    /// the patch kept. A change the library refuses changes memory neither.
    @Test(.timeLimit(.minutes(1)))
    func patchesChangedAtOnceAreToldInOrderAndMemoryAndLibraryAgree() async throws {
        let shelf = MemoryFixtureShelf()
        _ = try await application(fixtures: shelf, outputs: .init()).test(.live) { client in
            try await client.ws("/live", configuration: .init(maxFrameSize: 1 << 24)) { inbound, _, _ in
                var console = MessageReader(inbound)
                _ = try await console.expect("fixturePatch")
                let changes = 24
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for change in 0..<changes {
                        group.addTask {
                            try await client.execute(uri: "/api/fixtures", method: .put, headers: jsonType, body: patch(["C\(change)", "D\(change)"])) { response in
                                #expect(response.status == .ok)
                            }
                        }
                    }
                    try await group.waitForAll()
                }
                var revisions: [Int] = []
                var last: [String]?
                for _ in 0..<changes {
                    let told = try await console.expect("fixturePatch")
                    revisions.append(told["revision"] as? Int ?? -1)
                    last = names(told["fixtures"])
                }
                #expect(revisions == Array(101...(100 + changes)), "told in the order made")
                let answer = try await client.execute(uri: "/api/fixtures", method: .get) { try json(String(buffer: $0.body)) }
                #expect(answer["revision"] as? Int == 100 + changes)
                #expect(names(answer["fixtures"]) == last && shelf.kept.withLock { $0.fixtures.map(\.name) } == last)

                shelf.failing.store(true, ordering: .relaxed)
                try await client.execute(uri: "/api/fixtures", method: .put, headers: jsonType, body: patch(["Lost"])) { response in
                    #expect(response.status == .internalServerError)
                }
                let after = try await client.execute(uri: "/api/fixtures", method: .get) { try json(String(buffer: $0.body)) }
                #expect(after["revision"] as? Int == 100 + changes && names(after["fixtures"]) == last, "memory kept what the library holds")
            }
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func outputsCarryTheirRevisionAndAStaleChangeIsRefused() async throws {
        let shelf = OutputRoutesTests.MemoryOutputShelf()
        _ = try await application(fixtures: .init(), outputs: shelf).test(.live) { client in
            try await client.ws("/live", configuration: .init(maxFrameSize: 1 << 24)) { inbound, _, _ in
                var console = MessageReader(inbound)
                #expect(try await console.expect("outputs")["revision"] as? Int == 500)
                let (tag, listed) = try await client.execute(uri: "/api/outputs", method: .get) { response in
                    (response.headers[.eTag], try json(String(buffer: response.body)))
                }
                #expect(listed["revision"] as? Int == 500)
                let left = ByteBuffer(string: #"{"name": "Left", "slice": {"x": 0, "y": 0, "width": 0.5, "height": 1}}"#)
                try await client.execute(uri: "/api/outputs/Left", method: .put, headers: headers(ifMatch: tag), body: left) { response in
                    #expect(response.status == .ok && response.headers[.eTag] == "\"501\"")
                }
                #expect(try await console.expect("outputs")["revision"] as? Int == 501)
                // Both refused, made from revision 500: nothing changes.
                try await client.execute(uri: "/api/outputs/Left/rename", method: .post, headers: headers(ifMatch: tag), body: ByteBuffer(string: #"{"name": "Right"}"#)) { response in
                    #expect(response.status == .conflict)
                    let current = try json(String(buffer: response.body))["current"] as? [String: Any]
                    #expect(current?["revision"] as? Int == 501 && names(current?["outputs"]) == ["Main", "Left"])
                }
                try await client.execute(uri: "/api/outputs/Left", method: .delete, headers: headers(ifMatch: tag)) { response in
                    #expect(response.status == .conflict)
                }
                #expect(shelf.kept.withLock { $0.outputs.map(\.name) } == ["Main", "Left"])
                // Another output, untouched since revision 500, may be changed from it: two consoles move two
                // projectors at once. A revision the server never gave is refused.
                let right = ByteBuffer(string: #"{"name": "Right", "slice": {"x": 0.5, "y": 0, "width": 0.5, "height": 1}}"#)
                try await client.execute(uri: "/api/outputs/Right", method: .put, headers: headers(ifMatch: tag), body: right) { response in
                    #expect(response.status == .ok && response.headers[.eTag] == "\"502\"")
                }
                try await client.execute(uri: "/api/outputs/Right", method: .put, headers: headers(ifMatch: "\"9999\""), body: right) { response in
                    #expect(response.status == .conflict)
                }
                try await client.execute(uri: "/api/outputs/Left", method: .delete, headers: headers(ifMatch: "\"501\"")) { response in
                    #expect(response.status == .noContent && response.headers[.eTag] == "\"503\"")
                }
                _ = try await console.expect("outputs")
                let told = try await console.expect("outputs")
                #expect(told["revision"] as? Int == 503 && names(told["outputs"]) == ["Main", "Right"])

                // A canvas coming and going is told to every client, itself included.
                try await client.ws("/live?frames=1&output=Main", configuration: .init(maxFrameSize: 1 << 24)) { inbound, _, _ in
                    var canvas = MessageReader(inbound)
                    let showing = try await canvas.expect("canvases")["showing"] as? [String: Int]
                    #expect(showing == ["Main": 1])
                }
                #expect(try await console.expect("canvases")["showing"] as? [String: Int] == ["Main": 1])
                #expect(try await console.expect("canvases")["showing"] as? [String: Int] == [:])
            }
        }
    }
}
