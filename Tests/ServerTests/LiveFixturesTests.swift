import DMX
import Engine
import Fixtures
import Foundation
import Synchronization
import Testing
import TestSupport

@testable import Server

/// The fixtures as the server holds them: who DMX goes to as the preferences change, and the controls refused
/// with why, nothing changed.
@Suite struct LiveFixturesTests {
    private func fixtures(_ commandLine: [String]) throws -> LiveFixtures {
        LiveFixtures(shelf: nil, commandLine: try commandLine.map { try DMXTarget($0) }, cid: [UInt8](repeating: 1, count: 16), said: { _ in })
    }

    @Test func keptTargetsJoinTheCommandLinesOnceEachAndDroppedOnesGo() throws {
        let live = try fixtures(["artnet:127.0.0.1:6454"])
        let first = try #require(live.senders.first)
        live.follow(kept: ["sacn:multicast", "artnet:127.0.0.1:6454", "not a target", "sacn:multicast"])
        #expect(live.targets.map(\.description) == ["artnet:127.0.0.1:6454", "sacn:multicast"])
        #expect(live.senders.first === first)  // the command line's sender is kept, with its stream
        live.follow(kept: [])
        #expect(live.targets.map(\.description) == ["artnet:127.0.0.1:6454"])
    }

    /// Art-Net's port address reaches universes 1…32768: a patch past them is refused while DMX goes over Art-Net
    /// (it used to be kept and never sent), kept for sACN, and said when an Art-Net target joins later.
    @Test func universesPastArtNetsReachAreRefusedForAnArtNetTargetAndSaid() throws {
        final class Said: Sendable { let lines = Mutex<[String]>([]) }
        let said = Said()
        func fixture(_ universe: Int) -> Fixture {
            Fixture(name: "U\(universe)", universe: universe, address: 1, kind: .rgb, placement: .point(StagePoint(x: 0.5, y: 0.5)))
        }
        let artnet = try fixtures(["artnet:127.0.0.1"])
        _ = try artnet.setPatch([fixture(32_768)], from: nil)
        #expect(artnet.now.patch.universes == [32_768], "the last universe Art-Net reaches")
        let refusal = #expect(throws: LiveError.self) { try artnet.setPatch([fixture(1), fixture(40_000), fixture(50_000)], from: nil) }
        #expect(refusal?.message == "DMX to artnet:127.0.0.1:6454 cannot carry universe 40000 and 1 more: Art-Net reaches universes 1 to 32768; patch those fixtures in a universe it reaches")
        #expect(artnet.now.patch.universes == [32_768], "nothing changed")

        let sacn = LiveFixtures(
            shelf: nil, commandLine: [try DMXTarget("sacn:multicast")], cid: [UInt8](repeating: 1, count: 16),
            said: { line in said.lines.withLock { $0.append(line) } })
        _ = try sacn.setPatch([fixture(40_000)], from: nil)
        #expect(sacn.status.problems.isEmpty)
        sacn.follow(kept: ["artnet:127.0.0.1"])
        #expect(said.lines.withLock { $0 }.contains { $0.hasPrefix("DMX to artnet:127.0.0.1:6454 cannot carry universe 40000") })
        #expect(sacn.status.problems.contains { $0.hasPrefix("DMX to artnet:127.0.0.1:6454 cannot carry universe 40000") })
    }

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

    @Test func controlsOutOfRangeOrOfAFixtureNotPatchedAreRefused() throws {
        let live = try fixtures([])
        _ = try live.setPatch([Fixture(name: "Par", universe: 1, address: 1, kind: .rgb, placement: .point(StagePoint(x: 0.5, y: 0.5)))], from: nil)
        #expect(throws: LiveError.self) { try live.setControls { $0.test = FixtureTest(.white, fixture: "Nobody") } }
        #expect(throws: LiveError.self) { try live.setControls { $0.master = .nan } }
        #expect(throws: LiveError.self) { try live.setControls { $0.master = 1.5 } }
        #expect(live.now.controls == FixtureControls())
        #expect(try live.setControls { $0.test = FixtureTest(.identify, fixture: "Par") }.test?.mode == .identify)
        #expect(throws: LiveError.self) {
            try live.setPatch([
                Fixture(name: "A", universe: 1, address: 1, kind: .rgb, placement: .point(StagePoint(x: 0, y: 0))),
                Fixture(name: "B", universe: 1, address: 2, kind: .rgb, placement: .point(StagePoint(x: 0, y: 0))),
            ], from: nil)
        }
        #expect(live.now.patch.fixtures.map(\.name) == ["Par"])
    }
}
