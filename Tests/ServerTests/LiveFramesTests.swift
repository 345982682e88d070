import Control
import Engine
import Foundation
import Hummingbird
import HummingbirdTesting
import HummingbirdWSTesting
import HummingbirdWebSocket
import Instrument
import TestSupport
import Testing

@testable import Server

/// Canvases on `/live?frames=1`, controls that every client hears, and recording — on a real server.
@Suite("Live frames, controls and recording")
struct LiveFramesTests {
    @Test func aCanvasReceivesEachNewFormsGeometryBeforeTheFramesThatUseIt() async throws {
        let session = LiveTesting.session()
        let application = buildApplication(configuration: ServerConfiguration(port: 0, fps: 120), session: session)
        try await application.test(.live) { client in
            try await client.ws("/live?frames=1", configuration: .init(maxFrameSize: 1 << 24)) { inbound, outbound, _ in
                var reader = MessageReader(inbound)
                _ = try await reader.expect("snapshot")
                try await outbound.write(.text(#"{"type":"padDown","pad":0,"velocity":1}"#))
                var formsKnown = 0
                var lastNumber: UInt32?
                var sawInstances = false
                for _ in 0..<400 where !sawInstances {
                    guard let message = try await reader.iterator.next() else { break }
                    switch message {
                    case .text(let text):
                        let object = try json(text)
                        guard object["type"] as? String == "forms", let forms = object["forms"] as? [[String: Any]] else { continue }
                        for form in forms {
                            #expect(form["index"] as? Int == formsKnown)  // in order, none skipped or repeated
                            formsKnown += 1
                            let contours = form["contours"] as? [[String: Any]] ?? []
                            #expect(!contours.isEmpty)
                            #expect(contours.allSatisfy { (($0["points"] as? [Double])?.count ?? 0) >= 6 })
                        }
                    case .binary(let buffer):
                        let bytes = Array(buffer: buffer)
                        #expect(Array(bytes.prefix(4)) == FrameEncoding.magic)
                        let number = bytes.littleEndian(UInt32.self, at: 4)
                        if let lastNumber { #expect(number > lastNumber) }
                        lastNumber = number
                        let count = Int(bytes.littleEndian(UInt32.self, at: 12))
                        let panes = Int(bytes.littleEndian(UInt16.self, at: 16))
                        #expect(bytes.count == FrameEncoding.headerSize + panes * FrameEncoding.paneSize + count * FrameEncoding.instanceSize)
                        for index in 0..<count {
                            let offset = FrameEncoding.headerSize + panes * FrameEncoding.paneSize + index * FrameEncoding.instanceSize
                            #expect(Int(bytes.littleEndian(UInt16.self, at: offset + 18)) < formsKnown)  // geometry came first
                        }
                        sawInstances = sawInstances || count > 0
                    }
                }
                #expect(sawInstances)
            }
        }
    }

    @Test func aClientThatDidNotAskForFramesGetsNone() async throws {
        let session = LiveTesting.session()
        try await buildApplication(configuration: ServerConfiguration(port: 0, fps: 120), session: session).test(.live) { client in
            try await client.ws("/live", configuration: .init(maxFrameSize: 1 << 24)) { inbound, outbound, _ in
                var reader = MessageReader(inbound)
                _ = try await reader.expect("snapshot")
                try await outbound.write(.text(#"{"type":"padDown","pad":0,"velocity":1}"#))
                try await Task.sleep(for: .milliseconds(200))
                try await outbound.write(.text(#"{"type":"tempo","bpm":100}"#))
                // Everything up to the tempo's change is text: no frame came between.
                for _ in 0..<10 {
                    guard let message = try await reader.iterator.next() else { break }
                    guard case .text(let text) = message else { Issue.record("a frame was sent"); return }
                    if (try json(text)["aspects"] as? [String])?.contains("tempo") == true { break }
                }
                let status = await session.status
                #expect(status.canvases == 0)
            }
        }
    }

    @Test func oscCommandsAreHeardByEveryWebSocketClient() async throws {
        let session = LiveTesting.session()
        let dispatch = ControlDispatch(session: session) { _, _ in nil }
        try await buildApplication(configuration: ServerConfiguration(port: 0), session: session).test(.live) { client in
            try await client.ws("/live", configuration: .init(maxFrameSize: 1 << 24)) { inbound, _, _ in
                var reader = MessageReader(inbound)
                _ = try await reader.expect("snapshot")
                #expect(await dispatch.perform(.intent(.ribbonCenter(.hue, 0.3))))
                let changed = try await reader.expect("changed")
                #expect((changed["aspects"] as? [String]) == ["colors"])
            }
        }
    }

    @Test func aRecordingStartedAndStoppedByAClientIsSavedAsAPerformanceLog() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        do {
            let session = LiveTesting.session(recordingsFolder: folder.file("recordings"))
            try await buildApplication(configuration: ServerConfiguration(port: 0), session: session).test(.live) { client in
                try await client.ws("/live", configuration: .init(maxFrameSize: 1 << 24)) { inbound, outbound, _ in
                    var reader = MessageReader(inbound)
                    _ = try await reader.expect("snapshot")
                    try await outbound.write(.text(#"{"type":"record","on":true}"#))
                    let started = try await reader.expect("recording")
                    #expect(started["on"] as? Bool == true)
                    try await outbound.write(.text(#"{"type":"padDown","pad":1,"velocity":0.7}"#))
                    try await outbound.write(.text(#"{"type":"record","on":false}"#))
                    let stopped = try await reader.expect("recording")
                    #expect(stopped["on"] as? Bool == false)
                    let path = try #require(stopped["file"] as? String)
                    let log = try JSONDecoder().decode(PerformanceLog.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
                    #expect(log.events.contains { $0.intent == .padDown(pad: 1, velocity: 0.7) })
                    #expect(log.recordedUntil != nil)

                    try await outbound.write(.text(#"{"type":"record","on":"yes"}"#))
                    _ = try await reader.expect("error")
                }
            }
        }
    }

    @Test func withoutARecordingsFolderRecordingIsRefused() async throws {
        let session = LiveTesting.session()
        try await buildApplication(configuration: ServerConfiguration(port: 0), session: session).test(.live) { client in
            try await client.ws("/live", configuration: .init(maxFrameSize: 1 << 24)) { inbound, outbound, _ in
                var reader = MessageReader(inbound)
                try await outbound.write(.text(#"{"type":"record","on":true}"#))
                let refusal = try await reader.expect("error")
                #expect((refusal["message"] as? String ?? "").contains("recordings"))
            }
        }
    }

    @Test func theStatusTellsWhoIsConnected() async throws {
        let session = LiveTesting.session()
        try await buildApplication(configuration: ServerConfiguration(port: 0), session: session).test(.live) { client in
            try await client.execute(uri: "/status", method: .get) { response in
                #expect(response.status == .ok)
                let status = try JSONDecoder().decode(LiveStatus.self, from: Data(buffer: response.body))
                #expect(status.clients == 0 && status.evicted == 0)
            }
        }
    }
}

extension [UInt8] {
    func littleEndian<T: FixedWidthInteger>(_: T.Type, at offset: Int) -> T {
        self[offset..<offset + MemoryLayout<T>.size].reversed().reduce(T.zero) { $0 << 8 | T($1) }
    }
}
