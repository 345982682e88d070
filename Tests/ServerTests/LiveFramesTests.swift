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
@Suite("Live frames, controls and recording", .timeLimit(.minutes(2)))
struct LiveFramesTests {
    @Test func aCanvasReceivesEachNewFormsGeometryBeforeTheFramesThatUseIt() async throws {
        let session = LiveTesting.session()
        let application = buildApplication(configuration: ServerConfiguration(port: 0, fps: 120), session: session)
        _ = try await application.test(.live) { client in
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
        _ = try await buildApplication(configuration: ServerConfiguration(port: 0, fps: 120), session: session).test(.live) { client in
            try await client.ws("/live", configuration: .init(maxFrameSize: 1 << 24)) { inbound, outbound, _ in
                var reader = MessageReader(inbound)
                _ = try await reader.expect("snapshot")
                try await outbound.write(.text(#"{"type":"padDown","pad":0,"velocity":1}"#))
                // Frames are made while the pad sounds (a dozen ticks of them), then the tempo changes.
                let ticks = session.ticks.count
                try await awaitUntil("a dozen frame ticks") { session.ticks.count >= ticks + 12 }
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
        let dispatch = ControlDispatch(instrument: session.instrument)
        _ = try await buildApplication(configuration: ServerConfiguration(port: 0), session: session).test(.live) { client in
            try await client.ws("/live", configuration: .init(maxFrameSize: 1 << 24)) { inbound, _, _ in
                var reader = MessageReader(inbound)
                _ = try await reader.expect("snapshot")
                #expect(await dispatch.perform(.intent(.ribbonCenter(.hue, 0.3))) == nil)
                let changed = try await reader.expect("changed")
                #expect((changed["aspects"] as? [String]) == ["colors"])
            }
        }
    }

    @Test func aRecordingStartedAndStoppedByAClientIsSaved() async throws {
        let recordings = MemoryRecordings()
        do {
            let session = LiveTesting.session(recordings: recordings)
            _ = try await buildApplication(configuration: ServerConfiguration(port: 0), session: session).test(.live) { client in
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
                    let journal = try #require(recordings.all.first)
                    #expect(stopped["file"] as? String == journal.location)
                    let log = journal.log
                    #expect(log.events.map(\.intent) == [.padDown(pad: 1, velocity: 0.7)])
                    #expect(log.recordedUntil != nil)

                    try await outbound.write(.text(#"{"type":"record","on":"yes"}"#))
                    _ = try await reader.expect("error")
                }
            }
        }
    }

    @Test func withoutARecordingsFolderRecordingIsRefused() async throws {
        let session = LiveTesting.session()
        _ = try await buildApplication(configuration: ServerConfiguration(port: 0), session: session).test(.live) { client in
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

    @Test func aCanvasReportShowsInTheStatusWhileItsPageIsConnected() async throws {
        let session = LiveTesting.session()
        let report = #"{"type":"canvasReport","framesReceived":600,"framesDrawn":200,"framesFolded":390,"stampsGivenUp":12,"#
            + #""quality":{"level":3,"resolution":0.6,"trailResolution":0.5,"stampBudget":2},"frameMilliseconds":{"median":48.5,"p95":70}}"#
        _ = try await buildApplication(configuration: ServerConfiguration(port: 0), session: session).test(.live) { client in
            try await client.ws("/live?frames=1", configuration: .init(maxFrameSize: 1 << 24)) { inbound, outbound, _ in
                var reader = MessageReader(inbound)
                try await outbound.write(.text(report))
                // A report out of range is refused and leaves the last one as it was; its reply also says the
                // good one before it was taken (messages are carried out in order).
                try await outbound.write(.text(report.replacingOccurrences(of: #""resolution":0.6"#, with: #""resolution":7"#)))
                let refusal = try await reader.expect("error")
                #expect((refusal["message"] as? String ?? "").contains("resolution"))
                let status = await session.status
                #expect(status.canvasReports.count == 1)
                #expect(status.canvasReports.first?.framesFolded == 390)
                #expect(status.canvasReports.first?.quality.resolution == 0.6)
            }
        }
    }
}

extension [UInt8] {
    func littleEndian<T: FixedWidthInteger>(_: T.Type, at offset: Int) -> T {
        self[offset..<offset + MemoryLayout<T>.size].reversed().reduce(T.zero) { $0 << 8 | T($1) }
    }
}

/// What a client's actions leave behind: stored chords kept, chordsets stepped, pads released when it goes.
@Suite("Live session and the library", .timeLimit(.minutes(2)))
struct LiveSessionTests {
    @Test func aChordStoredOverTheWireIsSavedAndChordsetsStepThroughTheLibrary() async throws {
        let shelf = MemoryShelf()
        let session = LiveTesting.session(shelf: shelf)
        _ = try await buildApplication(configuration: ServerConfiguration(port: 0), session: session).test(.live) { client in
            try await client.ws("/live", configuration: .init(maxFrameSize: 1 << 24)) { inbound, outbound, _ in
                var reader = MessageReader(inbound)
                _ = try await reader.expect("snapshot")
                try await outbound.write(.text(#"{"type":"ribbonCenter","ribbon":"hue","value":0.33}"#))
                try await outbound.write(.text(#"{"type":"storeChord","chord":5}"#))
                _ = try await reader.expect("changed")
                try await outbound.write(.text(#"{"type":"chordsetStep","offset":1}"#))
                var title: String?
                for _ in 0..<10 where title != "Prism" {
                    let changed = try await reader.expect("changed")
                    title = (changed["chordset"] as? [String: Any])?["title"] as? String
                }
                #expect(title == "Prism")
                try await outbound.write(.text(#"{"type":"chordsetStep","offset":-1}"#))
                try await outbound.write(.text(#"{"type":"chordsetStep","offset":-1}"#))  // Lumia is the first
                let refusal = try await reader.expect("error")
                #expect((refusal["message"] as? String)?.contains("first chordset") == true)
                try await outbound.write(.text(#"{"type":"chordsetStep","offset":7}"#))
                _ = try await reader.expect("error")
            }
        }
        let stored = try #require(shelf.chordset(FactoryChordsets.lumia.id))
        #expect(stored.chords[5].background.hue.center == 0.33)
        #expect(stored.chords[4] == FactoryChordsets.lumia.chords[4])
    }

    @Test func padsAClientHeldAreReleasedWhenItLeaves() async throws {
        let session = LiveTesting.session()
        let probe = ChangeProbe()
        session.instrument.listen(probe)
        try await buildApplication(configuration: ServerConfiguration(port: 0), session: session).test(.live) { client in
            try await client.ws("/live", configuration: .init(maxFrameSize: 1 << 24)) { inbound, outbound, _ in
                var reader = MessageReader(inbound)
                _ = try await reader.expect("snapshot")
                try await outbound.write(.text(#"{"type":"padDown","pad":1,"velocity":1}"#))
                try await outbound.write(.text(#"{"type":"padDown","pad":6,"velocity":1}"#))
                try await outbound.write(.text(#"{"type":"padUp","pad":6}"#))
                try await outbound.write(.text(#"{"type":"padDown","pad":3,"velocity":1}"#))
                // The client leaves only once its pads are down: pads 1 and 3 held, 6 let go.
                let held = await probe.first { $0.pads[3].isDown }
                #expect(held.map { [$0.pads[1].isDown, $0.pads[3].isDown, $0.pads[6].isDown] } == [true, true, false])
            }
            // Leaving lets go of every pad it held.
            let released = await probe.first { state in !state.pads.pads.contains(where: \.isDown) }
            #expect(released != nil, "no change let go of every pad before the time limit")
            #expect(await session.engine.snapshot().pads.pads.allSatisfy { !$0.isDown })
        }
    }
}

/// Changes reach outboxes in any order when intents run at once; a client is never left with an older state.
@Suite("Change ordering", .timeLimit(.minutes(2)))
struct ChangeOrderingTests {
    func change(_ aspects: Set<PerformanceState.Aspect>, revision: Int) async -> StateChange {
        var state = await InstrumentEngine(chordset: FactoryChordsets.lumia, clock: ManualClock()).snapshot()
        state.revision = revision
        state.tempo = Double(100 + revision)
        return StateChange(aspects: aspects, state: state)
    }

    @Test func aMergeKeepsTheNewerStateWhicheverCameFirst() async {
        let older = await change([.pads], revision: 4), newer = await change([.tempo], revision: 5)
        for merged in [older.merged(with: newer), newer.merged(with: older)] {
            #expect(merged.state.revision == 5 && merged.aspects == [.pads, .tempo])
        }
        let all = await change([.pads, .tempo], revision: 6)
        #expect(older.merged(with: all) === all)  // says everything: kept, with its shared encoding
    }

    @Test func aChangeOlderThanWhatWasSentIsDropped() async {
        let outbox = ClientOutbox(wantsFrames: false, clock: ManualClock())
        outbox.sent(revision: 10)  // a snapshot at revision 10 went out
        outbox.send(await change([.pads], revision: 9))
        outbox.send("marker")
        #expect(await outbox.next() == .text("marker"))
        outbox.send(await change([.pads], revision: 11))
        guard case .change(let next) = await outbox.next() else { Issue.record("the newer change was dropped"); return }
        #expect(next.revision == 11)
    }
}
