import Control
import Geometry
import Instrument
import PropertyBased
import Testing

@Suite("OSC")
struct OSCTests {
    @Test func aMessageDecodesFromItsBytes() throws {
        // "/imager/pad/3" ",f" 0.5 — written out by hand from the OSC 1.0 specification.
        let bytes: [UInt8] = Array("/imager/pad/3".utf8) + [0, 0, 0] + Array(",f".utf8) + [0, 0] + [0x3F, 0x00, 0x00, 0x00]
        #expect(try OSCDecoder.decode(bytes) == .message(OSCMessage("/imager/pad/3", [.float32(0.5)])))
    }

    @Test func packetsRoundTrip() throws {
        let packets: [OSCPacket] = [
            .message(OSCMessage("/imager/hue/center", [.float32(0.42)])),
            .message(OSCMessage("/a", [.int32(-7), .string("héllo"), .blob([1, 2, 3, 4, 5]), .int64(-1), .double(2.5),
                                       .timeTag(99), .true, .false, .null, .impulse])),
            .bundle(timeTag: 1, elements: [
                .message(OSCMessage("/imager/tempo/tap")),
                .bundle(timeTag: 2, elements: [.message(OSCMessage("/imager/pad/1", [.float32(1)]))]),
            ]),
        ]
        for packet in packets { #expect(try OSCDecoder.decode(OSCEncoder.encode(packet)) == packet) }
        #expect(packets[2].messages.map(\.address) == ["/imager/tempo/tap", "/imager/pad/1"])
    }

    static let malformed: [(String, [UInt8])] = [
        ("empty", []),
        ("unaligned", Array("/a".utf8) + [0]),
        ("no address slash", OSCEncoder.encode(.message(OSCMessage("a")))),
        ("unterminated string", Array("/abc".utf8)),
        ("padding not zero", Array("/ab".utf8) + [0] + Array(",f".utf8) + [0, 1] + [0, 0, 0, 0]),
        ("tags without comma", Array("/ab".utf8) + [0] + Array("f".utf8) + [0, 0, 0] + [0, 0, 0, 0]),
        ("missing float", Array("/ab".utf8) + [0] + Array(",f".utf8) + [0, 0]),
        ("negative blob", Array("/ab".utf8) + [0] + Array(",b".utf8) + [0, 0] + [0xFF, 0xFF, 0xFF, 0xFF]),
        ("oversized blob", Array("/ab".utf8) + [0] + Array(",b".utf8) + [0, 0] + [0x7F, 0xFF, 0xFF, 0xFF]),
        ("unknown tag", Array("/ab".utf8) + [0] + Array(",q".utf8) + [0, 0]),
        ("left-over bytes", OSCEncoder.encode(.message(OSCMessage("/ab"))) + [0, 0, 0, 0]),
        ("not UTF-8", [UInt8(ascii: "/"), 0xFF, 0xFE, 0]),
        ("bundle element too long", Array("#bundle".utf8) + [0] + [0, 0, 0, 0, 0, 0, 0, 1] + [0, 0, 1, 0]),
        ("bundle element of size 0", Array("#bundle".utf8) + [0] + [0, 0, 0, 0, 0, 0, 0, 1] + [0, 0, 0, 0]),
        ("not a bundle", Array("#bundles".utf8) + [0, 0, 0, 0]),
    ]

    @Test(arguments: malformed)
    func malformedPacketsAreRefusedWithAReason(name: String, bytes: [UInt8]) {
        #expect(throws: OSCError.self, "\(name)") { try OSCDecoder.decode(bytes) }
    }

    @Test func deeplyNestedBundlesAreRefused() {
        var packet = OSCPacket.message(OSCMessage("/imager/canvas/erase"))
        for depth in 0..<12 { packet = .bundle(timeTag: UInt64(depth), elements: [packet]) }
        #expect(throws: OSCError.self) { try OSCDecoder.decode(OSCEncoder.encode(packet)) }
    }

    @Test func aHundredThousandRandomPacketsNeverTrap() async {
        // Random bytes, and valid packets with random corruption: all either decode or are refused.
        let valid = OSCEncoder.encode(.bundle(timeTag: 5, elements: [
            .message(OSCMessage("/imager/pad/2", [.float32(0.7), .blob([9, 9, 9])])),
            .message(OSCMessage("/imager/hue/center", [.float32(0.3)])),
        ]))
        var refused = 0
        var random = SystemRandomNumberGenerator()
        for round in 0..<100_000 {
            var bytes: [UInt8]
            if round.isMultiple(of: 2) {
                bytes = (0..<Int.random(in: 0...96, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            } else {
                bytes = valid
                for _ in 0..<Int.random(in: 1...4, using: &random) {
                    bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
                }
                if Bool.random(using: &random) { bytes = Array(bytes.prefix(Int.random(in: 0...bytes.count, using: &random))) }
            }
            if (try? OSCDecoder.decode(bytes)) == nil { refused += 1 }
        }
        #expect(refused > 50_000)
    }
}

@Suite("The OSC address space")
struct OSCAddressSpaceTests {
    static let cases: [(OSCMessage, ControlCommand)] = [
        (OSCMessage("/imager/pad/3", [.float32(0.8)]), .intent(.padDown(pad: 2, velocity: Double(Float(0.8))))),
        (OSCMessage("/imager/pad/3", [.float32(0)]), .intent(.padUp(pad: 2))),
        (OSCMessage("/imager/pad/8", [.int32(1)]), .intent(.padDown(pad: 7, velocity: 1))),
        (OSCMessage("/imager/hue/center", [.float32(0.25)]), .intent(.ribbonCenter(.hue, 0.25))),
        (OSCMessage("/imager/hue/range", [.double(0.1)]), .intent(.ribbonRange(.hue, 0.1))),
        (OSCMessage("/imager/purity/center", [.float32(0.5)]), .intent(.ribbonCenter(.purity, 0.5))),
        (OSCMessage("/imager/purity/range", [.float32(0)]), .intent(.ribbonRange(.purity, 0))),
        (OSCMessage("/imager/chord/4"), .intent(.recallChord(3))),
        (OSCMessage("/imager/chord/1/store"), .intent(.storeChord(0))),
        (OSCMessage("/imager/chordset/next"), .stepChordset(1)),
        (OSCMessage("/imager/chordset/previous"), .stepChordset(-1)),
        (OSCMessage("/imager/canvas/tap", [.float32(0.5), .float32(0.25)]), .intent(.tap(at: Point(x: 0.5, y: 0.25), velocity: 1))),
        (OSCMessage("/imager/canvas/fade", [.float32(2)]), .intent(.fade(seconds: 2))),
        (OSCMessage("/imager/canvas/erase"), .intent(.erase)),
        (OSCMessage("/imager/tempo", [.float32(128)]), .intent(.tempo(beatsPerMinute: 128))),
        (OSCMessage("/imager/tempo/tap"), .intent(.tapTempo)),
    ]

    @Test(arguments: cases)
    func everyAddressMapsToItsCommand(message: OSCMessage, command: ControlCommand) throws {
        #expect(try OSCAddressSpace.command(for: message) == command)
    }

    static let refused: [OSCMessage] = [
        OSCMessage("/imager/pad/9", [.float32(1)]), OSCMessage("/imager/pad/0", [.float32(1)]),
        OSCMessage("/imager/pad/x", [.float32(1)]), OSCMessage("/imager/pad/1"), OSCMessage("/imager/pad/1", [.string("loud")]),
        OSCMessage("/imager/hue/center", [.float32(.nan)]), OSCMessage("/imager/hue/center", [.double(.infinity)]),
        OSCMessage("/imager/unknown"), OSCMessage("/other/pad/1", [.float32(1)]), OSCMessage("/imager"),
        OSCMessage("/imager/canvas/tap", [.float32(0.5)]), OSCMessage("/imager/chord/12"),
    ]

    @Test(arguments: refused)
    func badMessagesAreRefusedWithAReason(message: OSCMessage) {
        do {
            _ = try OSCAddressSpace.command(for: message)
            Issue.record("\(message.address) accepted")
        } catch {
            #expect(!error.message.isEmpty)
        }
    }
}
