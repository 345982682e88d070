/// An Art-Net 4 `ArtDmx` packet (Art-Net 4 specification, "ArtDmx"): one universe's levels to a node, over
/// UDP to port 6454.
///
/// Bytes: `Art-Net` and a 0; the OpCode 0x5000, low byte first; the protocol version 14, high byte first;
/// the sequence (1…255, 0 when a sender does not number its packets); the physical port it came from; the
/// 15-bit port address (net, sub-net, universe), low byte first; the data length (an even 2…512), high byte
/// first; the levels.
public struct ArtDmxPacket: Hashable, Sendable {
    /// Art-Net's UDP port.
    public static let port = 6454
    /// The highest 15-bit port address.
    public static let maximumPortAddress = 0x7FFF

    /// The port address: net (bits 8–14), sub-net (bits 4–7) and universe (bits 0–3).
    public let portAddress: Int
    /// 1…255 in turn; 0 turns the receiver's reordering off.
    public let sequence: UInt8
    /// The levels sent: the frame's first `length` channels.
    public let frame: DMXFrame
    /// How many channels are sent: even, 2…512.
    public let length: Int

    /// A packet of `frame` for `portAddress` (clamped to 0…32767), with the whole universe unless `length`
    /// says how many channels (made even and kept within 2…512). A node may hold the channels a shorter
    /// packet leaves out at their last levels, so a stream sends them all: a light that goes dark is sent as 0.
    public init(portAddress: Int, sequence: UInt8, frame: DMXFrame, length: Int = DMXFrame.channelCount) {
        self.portAddress = min(max(portAddress, 0), Self.maximumPortAddress)
        self.sequence = sequence
        self.frame = frame
        let asked = min(max(length, 2), DMXFrame.channelCount)
        self.length = asked + asked % 2
    }

    /// The packet as it goes on the wire.
    public var bytes: [UInt8] {
        var bytes: [UInt8] = Array("Art-Net".utf8) + [0]
        bytes += [0x00, 0x50]  // OpCode 0x5000, low byte first
        bytes += [0, 14]  // protocol version 14, high byte first
        bytes += [sequence, 0]  // the sequence, then the physical port
        bytes += [UInt8(portAddress & 0xFF), UInt8(portAddress >> 8)]  // SubUni, then Net
        bytes += [UInt8(length >> 8), UInt8(length & 0xFF)]
        bytes += frame.levels.prefix(length)
        return bytes
    }
}
