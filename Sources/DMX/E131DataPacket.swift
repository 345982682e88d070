/// An sACN (ANSI E1.31-2018) data packet: one universe's levels, over UDP to port 5568, to the universe's
/// multicast group (239.255.hi.lo) or a receiver's own address.
///
/// Three layers, each opened by its flags (0x7) and length (from that field to the packet's end):
/// - the root layer: preamble size 0x0010, post-amble size 0, the ACN packet identifier `ASC-E1.17`, vector
///   VECTOR_ROOT_E131_DATA (4) and the sender's CID (16 bytes);
/// - the framing layer: vector VECTOR_E131_DATA_PACKET (2), the source name (64 bytes of UTF-8, NUL-padded),
///   the priority, the synchronization address (0: none), the sequence number, the options (0x40: the stream
///   is terminated) and the universe;
/// - the DMP layer: vector VECTOR_DMP_SET_PROPERTY (2), address and data type 0xa1, first address 0,
///   increment 1, the count of values (1 + levels) and the values: the start code 0 and the 512 levels.
public struct E131DataPacket: Hashable, Sendable {
    /// sACN's UDP port.
    public static let port = 5568
    /// The universes sACN numbers: 1…63999.
    public static let universes = 1...63_999
    /// The priority a source sends at unless it says otherwise.
    public static let defaultPriority: UInt8 = 100

    public let universe: Int
    /// 0…255, in turn (a receiver drops a packet older than the last by 1…20).
    public let sequence: UInt8
    public let frame: DMXFrame
    /// The sender's component identifier: 16 bytes, the same for as long as it runs (and kept between runs).
    public let cid: [UInt8]
    /// The source's name as receivers show it (at most 63 bytes of UTF-8 are sent).
    public let sourceName: String
    /// 0…200.
    public let priority: UInt8
    /// Whether this packet ends the stream (sent three times when a source stops).
    public let terminated: Bool

    /// A packet of `frame` for `universe` (clamped to 1…63999); a `cid` of other than 16 bytes is cut or padded
    /// with zeros; a priority above 200 is 200.
    public init(
        universe: Int, sequence: UInt8, frame: DMXFrame, cid: [UInt8], sourceName: String,
        priority: UInt8 = defaultPriority, terminated: Bool = false
    ) {
        self.universe = min(max(universe, Self.universes.lowerBound), Self.universes.upperBound)
        self.sequence = sequence
        self.frame = frame
        self.cid = Array((cid + [UInt8](repeating: 0, count: 16)).prefix(16))
        self.sourceName = sourceName
        self.priority = min(priority, 200)
        self.terminated = terminated
    }

    /// Where a multicast packet of `universe` goes: 239.255, then the universe's high and low bytes.
    public static func multicastGroup(of universe: Int) -> String {
        "239.255.\((universe >> 8) & 0xFF).\(universe & 0xFF)"
    }

    /// The packet as it goes on the wire: 638 bytes.
    public var bytes: [UInt8] {
        let total = 126 + DMXFrame.channelCount
        var bytes: [UInt8] = []
        bytes.reserveCapacity(total)
        // Root layer.
        bytes += [0x00, 0x10, 0x00, 0x00]
        bytes += Array("ASC-E1.17".utf8) + [0, 0, 0]
        bytes += Self.flagsAndLength(total - 16)
        bytes += [0, 0, 0, 4]
        bytes += cid
        // Framing layer.
        bytes += Self.flagsAndLength(total - 38)
        bytes += [0, 0, 0, 2]
        bytes += Self.nameField(sourceName)
        bytes += [priority, 0, 0, sequence, terminated ? 0x40 : 0]
        bytes += [UInt8(universe >> 8), UInt8(universe & 0xFF)]
        // DMP layer.
        bytes += Self.flagsAndLength(total - 115)
        bytes += [0x02, 0xA1, 0x00, 0x00, 0x00, 0x01]
        let count = 1 + DMXFrame.channelCount
        bytes += [UInt8(count >> 8), UInt8(count & 0xFF), 0x00]
        bytes += frame.levels
        return bytes
    }

    /// A layer's flags (0x7) and its 12-bit length, high byte first.
    private static func flagsAndLength(_ length: Int) -> [UInt8] {
        [UInt8(0x70 | ((length >> 8) & 0x0F)), UInt8(length & 0xFF)]
    }

    /// The source name's 64 bytes: its UTF-8, cut at a character's end to at most 63 bytes, then NULs.
    private static func nameField(_ name: String) -> [UInt8] {
        var kept: [UInt8] = []
        for character in name {
            let utf8 = Array(String(character).utf8)
            guard kept.count + utf8.count <= 63 else { break }
            kept += utf8
        }
        return kept + [UInt8](repeating: 0, count: 64 - kept.count)
    }
}
