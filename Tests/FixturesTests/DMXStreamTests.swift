import DMX
import Testing
import TestSupport

/// What a target is sent, frame after frame: changes at once, the same levels again each second, universes in
/// turn, and sACN's stream ends; and how a target is read.
@Suite struct DMXStreamTests {
    private func frame(_ level: UInt8) -> DMXFrame {
        var frame = DMXFrame()
        frame[1] = level
        return frame
    }

    private let cid = [UInt8](repeating: 7, count: 16)

    @Test func changesGoAtOnceAndTheSameLevelsAgainEachSecond() {
        var stream = DMXStream(protocol: .sacn, cid: cid)
        #expect(stream.packets(for: [2: frame(1), 1: frame(1)], at: 0).map(\.universe) == [1, 2])
        #expect(stream.packets(for: [1: frame(1), 2: frame(1)], at: 0.025).isEmpty)
        let changed = stream.packets(for: [1: frame(1), 2: frame(9)], at: 0.05)
        #expect(changed.map(\.universe) == [2] && changed[0].bytes[111] == 1 && changed[0].bytes[126] == 9)
        // A second after each was last sent, both again, numbered on.
        #expect(stream.packets(for: [1: frame(1), 2: frame(9)], at: 0.99).isEmpty)
        let again = stream.packets(for: [1: frame(1), 2: frame(9)], at: 1.0)
        #expect(again.map(\.universe) == [1] && again[0].bytes[111] == 1)
        #expect(stream.packets(for: [1: frame(1), 2: frame(9)], at: 1.05).map { $0.bytes[111] } == [2])
    }

    @Test func anSACNUniverseLetGoAndTheStreamsEndAreSaidThreeTimes() {
        var stream = DMXStream(protocol: .sacn, cid: cid)
        _ = stream.packets(for: [1: frame(5), 3: frame(6)], at: 0)
        let dropped = stream.packets(for: [1: frame(5)], at: 0.025)
        #expect(dropped.map(\.universe) == [3, 3, 3])
        #expect(dropped.map { $0.bytes[112] } == [0x40, 0x40, 0x40] && dropped.map { $0.bytes[111] } == [1, 2, 3])
        #expect(dropped.allSatisfy { $0.bytes[126] == 6 })
        let ended = stream.ending()
        #expect(ended.map(\.universe) == [1, 1, 1] && stream.ending().isEmpty)
        // Started again: the universe is sent at once.
        #expect(stream.packets(for: [1: frame(5)], at: 0.05).count == 1)
    }

    @Test func artNetCountsFromOneSkipsZeroAndSendsNoEnding() {
        var stream = DMXStream(protocol: .artnet, cid: cid)
        var sequences: [UInt8] = []
        for step in 0..<300 { sequences += stream.packets(for: [1: frame(UInt8(step % 256))], at: Double(step)).map { $0.bytes[12] } }
        #expect(sequences.prefix(3) == [1, 2, 3] && !sequences.contains(0) && sequences[254] == 255 && sequences[255] == 1)
        #expect(stream.ending().isEmpty)
        // Universe 1 is port address 0; past 32768 cannot be carried.
        var fresh = DMXStream(protocol: .artnet, cid: cid)
        let packets = fresh.packets(for: [1: frame(1), 32_768: frame(1), 32_769: frame(1)], at: 0)
        #expect(packets.map(\.universe) == [1, 32_768] && packets[0].bytes[14] == 0 && packets[1].bytes[14...15] == [0xFF, 0x7F])
        #expect(fresh.unsendable == [32_769])
    }

    @Test(arguments: [
        ("artnet:192.168.1.50", "artnet:192.168.1.50:6454"), ("ArtNet:node.local:6455", "artnet:node.local:6455"),
        ("sacn:multicast", "sacn:multicast"), ("sacn:10.0.0.2", "sacn:10.0.0.2:5568"), ("sacn:[::1]:5569", "sacn:[::1]:5569"),
        ("artnet:fe80::1", "artnet:[fe80::1]:6454"),
    ])
    func aTargetIsReadByOneRuleAndKeptAsWritten(text: String, kept: String) throws {
        #expect(try DMXTarget(text).description == kept)
        #expect(try DMXTarget(kept).description == kept)
    }

    @Test(arguments: ["", "artnet", "dmx:1.2.3.4", "artnet:", "artnet:host:0", "artnet:host:70000", "sacn:a b", "artnet:multicast:x:y", "sacn:\u{7}"])
    func aBadTargetIsRefusedInOneLine(text: String) {
        #expect(throws: (any Error).self) { try DMXTarget(text) }
    }

    /// Seeded hostile text: never a trap; what is read is kept in a form that reads back as itself.
    @Test func aSeededFuzzOfTargetsReadsBackWhatItKeeps() {
        var random = SeededGenerator(seed: 6454)
        let pieces = ["artnet:", "sacn:", "multicast", "[", "]", ":", "::1", "1.2.3.4", "host", "%", " ", "\u{0}", "é", "65535", "0", "/", "\u{FEFF}"]
        var read = 0
        for _ in 0..<5_000 {
            let text = (0..<Int.random(in: 1...5, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            guard let target = try? DMXTarget(text) else { continue }
            read += 1
            #expect((try? DMXTarget(target.description)) == target)
        }
        #expect(read > 50)
    }
}
