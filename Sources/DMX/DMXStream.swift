/// What one target is sent, frame after frame: a universe's packet when its levels change, and again at least
/// once a second when they do not (sACN receivers take a source as gone after 2.5 s of silence, and Art-Net
/// nodes keep to the last frame), each universe numbered in turn; and, for sACN, three packets that end the
/// stream of a universe no longer sent or when the instrument stops.
///
/// Art-Net's port address is the universe less one (universe 1 is Art-Net's 0:0:0), so universes past 32768
/// cannot go over Art-Net: they are left out and listed in `unsendable`.
public struct DMXStream: Sendable {
    /// The longest a universe goes unsent, in seconds.
    public static let keepAlive = 1.0
    /// How many stream-terminated packets end an sACN universe.
    public static let endings = 3

    public let `protocol`: DMXProtocol
    public let cid: [UInt8]
    public let sourceName: String

    private var sent: [Int: (frame: DMXFrame, time: Double, sequence: UInt8)] = [:]
    /// The universes asked for that this protocol cannot carry.
    public private(set) var unsendable: [Int] = []

    public init(protocol: DMXProtocol, cid: [UInt8], sourceName: String = "Image Performer") {
        self.protocol = `protocol`
        self.cid = cid
        self.sourceName = sourceName
    }

    /// The packets to send at `time` (seconds) for `frames`, by universe, in the universes' order.
    public mutating func packets(for frames: [Int: DMXFrame], at time: Double) -> [DMXPacket] {
        unsendable = frames.keys.filter { !canCarry($0) }.sorted()
        var packets = ending(universes: sent.keys.filter { frames[$0] == nil })
        for (universe, frame) in frames.sorted(by: { $0.key < $1.key }) where canCarry(universe) {
            if let last = sent[universe], last.frame == frame, time - last.time < Self.keepAlive, time >= last.time { continue }
            let sequence = next(after: sent[universe]?.sequence)
            sent[universe] = (frame, time, sequence)
            packets.append(packet(universe, frame, sequence: sequence, terminated: false))
        }
        return packets
    }

    /// The packets that end the stream: sACN's terminated packets for every universe sent (Art-Net has none);
    /// after them nothing is sent until `packets` is asked again.
    public mutating func ending() -> [DMXPacket] {
        ending(universes: Array(sent.keys))
    }

    private mutating func ending(universes: [Int]) -> [DMXPacket] {
        var packets: [DMXPacket] = []
        for universe in universes.sorted() {
            guard let last = sent.removeValue(forKey: universe), `protocol` == .sacn else { continue }
            var sequence = last.sequence
            for _ in 0..<Self.endings {
                sequence = next(after: sequence)
                packets.append(packet(universe, last.frame, sequence: sequence, terminated: true))
            }
        }
        return packets
    }

    private func canCarry(_ universe: Int) -> Bool { `protocol`.universes.contains(universe) }

    /// Art-Net counts 1…255 (0 would turn the receiver's ordering off); sACN 0…255.
    private func next(after sequence: UInt8?) -> UInt8 {
        guard let sequence else { return `protocol` == .artnet ? 1 : 0 }
        if `protocol` == .artnet, sequence == 255 { return 1 }
        return sequence &+ 1
    }

    private func packet(_ universe: Int, _ frame: DMXFrame, sequence: UInt8, terminated: Bool) -> DMXPacket {
        let bytes = switch `protocol` {
        case .artnet: ArtDmxPacket(portAddress: universe - 1, sequence: sequence, frame: frame).bytes
        case .sacn: E131DataPacket(universe: universe, sequence: sequence, frame: frame, cid: cid, sourceName: sourceName, terminated: terminated).bytes
        }
        return DMXPacket(universe: universe, bytes: bytes)
    }
}

/// One packet of a stream, with the universe it carries (where a multicast packet goes).
public struct DMXPacket: Hashable, Sendable {
    public let universe: Int
    public let bytes: [UInt8]
}
