import DMX
import Testing

/// The packets, byte for byte, against values worked out by hand from Art-Net 4's ArtDmx and ANSI E1.31-2018.
@Suite struct DMXPacketTests {
    private func frame(_ levels: [Int: UInt8]) -> DMXFrame {
        var frame = DMXFrame()
        for (channel, level) in levels { frame[channel] = level }
        return frame
    }

    @Test func anArtDmxPacketCarriesTheUsedChannelsEvenlyToItsPortAddress() {
        // Net 1, sub-net 2, universe 3: port address 0x0123.
        let packet = ArtDmxPacket(portAddress: 0x0123, sequence: 7, frame: frame([1: 10, 2: 20, 3: 30]), length: 3)
        #expect(packet.bytes == [
            0x41, 0x72, 0x74, 0x2D, 0x4E, 0x65, 0x74, 0x00,  // "Art-Net", NUL
            0x00, 0x50,  // OpCode 0x5000, low byte first
            0x00, 0x0E,  // protocol version 14
            0x07, 0x00,  // sequence, physical
            0x23, 0x01,  // SubUni, Net
            0x00, 0x04,  // length 4: three channels used, made even
            10, 20, 30, 0,
        ])
    }

    @Test func aFullArtDmxPacketIs530BytesByDefaultAndAShortDarkOneStillSendsTwoChannels() {
        let full = ArtDmxPacket(portAddress: 0, sequence: 255, frame: frame([512: 9])).bytes
        #expect(full.count == 18 + 512 && full[16] == 0x02 && full[17] == 0x00 && full.last == 9)
        let dark = ArtDmxPacket(portAddress: 0x7FFF, sequence: 1, frame: DMXFrame(), length: 0).bytes
        #expect(dark.count == 20 && dark[14] == 0xFF && dark[15] == 0x7F && dark[17] == 2)
        // By default the whole universe, dark channels and all: a node holding what a short packet left out
        // would keep a light lit that went dark.
        let wholeDark = ArtDmxPacket(portAddress: 0, sequence: 1, frame: frame([1: 200])).bytes
        #expect(wholeDark.count == 18 + 512 && wholeDark[18] == 200 && wholeDark[19...].allSatisfy { $0 == 0 })
        #expect(ArtDmxPacket(portAddress: 99_999, sequence: 1, frame: DMXFrame()).portAddress == 0x7FFF)
        #expect(ArtDmxPacket(portAddress: 0, sequence: 1, frame: DMXFrame(), length: 511).length == 512)
    }

    @Test func anE131DataPacketHasItsThreeLayersWhereTheStandardPutsThem() {
        let cid = (1...16).map(UInt8.init)
        let bytes = E131DataPacket(
            universe: 1, sequence: 5, frame: frame([1: 255, 512: 7]), cid: cid, sourceName: "Image Performer").bytes
        #expect(bytes.count == 638)
        // Root layer: preamble, post-amble, "ASC-E1.17", flags and length (638 − 16 = 0x26E), vector 4, CID.
        #expect(Array(bytes[0..<16]) == [0x00, 0x10, 0x00, 0x00, 0x41, 0x53, 0x43, 0x2D, 0x45, 0x31, 0x2E, 0x31, 0x37, 0x00, 0x00, 0x00])
        #expect(Array(bytes[16..<22]) == [0x72, 0x6E, 0x00, 0x00, 0x00, 0x04])
        #expect(Array(bytes[22..<38]) == cid)
        // Framing layer: flags and length (600 = 0x258), vector 2, the name, priority 100, no sync, sequence,
        // options, universe 1.
        #expect(Array(bytes[38..<44]) == [0x72, 0x58, 0x00, 0x00, 0x00, 0x02])
        #expect(Array(bytes[44..<59]) == Array("Image Performer".utf8) && bytes[59..<108].allSatisfy { $0 == 0 })
        #expect(Array(bytes[108..<115]) == [100, 0x00, 0x00, 5, 0x00, 0x00, 0x01])
        // DMP layer: flags and length (523 = 0x20B), set property, 0xa1, first address 0, increment 1, 513
        // values: the start code 0 and the 512 levels.
        #expect(Array(bytes[115..<126]) == [0x72, 0x0B, 0x02, 0xA1, 0x00, 0x00, 0x00, 0x01, 0x02, 0x01, 0x00])
        #expect(bytes[126] == 255 && bytes[637] == 7 && bytes[127..<637].allSatisfy { $0 == 0 })
    }

    @Test func aTerminatedStreamSaysSoAndUniversesAndNamesAreKeptInRange() {
        let packet = E131DataPacket(
            universe: 63_999, sequence: 0, frame: DMXFrame(), cid: [1, 2], sourceName: String(repeating: "é", count: 40),
            priority: 250, terminated: true)
        let bytes = packet.bytes
        #expect(bytes[112] == 0x40 && bytes[113] == 0xF9 && bytes[114] == 0xFF && bytes[108] == 200)
        #expect(Array(bytes[22..<24]) == [1, 2] && bytes[24..<38].allSatisfy { $0 == 0 })
        // 31 two-byte characters fit in 63 bytes; the 32nd is left out whole, and a NUL ends the name.
        #expect(Array(bytes[44..<106]) == Array(String(repeating: "é", count: 31).utf8) && bytes[106..<108].allSatisfy { $0 == 0 })
        #expect(E131DataPacket(universe: 0, sequence: 0, frame: DMXFrame(), cid: [], sourceName: "").universe == 1)
        #expect(E131DataPacket.multicastGroup(of: 1) == "239.255.0.1")
        #expect(E131DataPacket.multicastGroup(of: 63_999) == "239.255.249.255")
    }
}
