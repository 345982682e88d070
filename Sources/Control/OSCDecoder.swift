/// Reads OSC 1.0 packets from datagrams, defensively: every length and offset is checked, strings must be
/// terminated and padded, and packets are bounded in size, nesting and count, so no datagram can trap or
/// make it do unbounded work.
public enum OSCDecoder {
    /// The largest datagram read (the UDP receive buffer is sized for it).
    public static let maximumPacketSize = 65_507
    public static let maximumNesting = 8
    public static let maximumArguments = 128
    public static let maximumElements = 1024

    public static func decode(_ bytes: [UInt8]) throws(OSCError) -> OSCPacket {
        guard bytes.count <= maximumPacketSize else { throw OSCError("the packet is \(bytes.count) bytes; at most \(maximumPacketSize)") }
        var elements = 0
        return try decodePacket(bytes[...], depth: 0, elements: &elements)
    }

    private static func decodePacket(_ bytes: ArraySlice<UInt8>, depth: Int, elements: inout Int) throws(OSCError) -> OSCPacket {
        guard !bytes.isEmpty else { throw OSCError("an empty packet") }
        guard bytes.count % 4 == 0 else { throw OSCError("a packet's size must be a multiple of 4; this one is \(bytes.count)") }
        elements += 1
        guard elements <= maximumElements else { throw OSCError("more than \(maximumElements) packets in one datagram") }
        if bytes.first == UInt8(ascii: "#") {
            guard depth < maximumNesting else { throw OSCError("bundles nested more than \(maximumNesting) deep") }
            var reader = Reader(bytes)
            guard try reader.string() == "#bundle" else { throw OSCError("a packet starting with # is not a bundle") }
            let timeTag = try reader.uint64()
            var contents: [OSCPacket] = []
            while !reader.isAtEnd {
                let size = Int(try reader.int32())
                guard size > 0, size % 4 == 0 else { throw OSCError("a bundle element of size \(size)") }
                let element = try reader.bytes(size)
                contents.append(try decodePacket(element, depth: depth + 1, elements: &elements))
            }
            return .bundle(timeTag: timeTag, elements: contents)
        }
        guard bytes.first == UInt8(ascii: "/") else { throw OSCError("a message's address must start with /") }
        var reader = Reader(bytes)
        let address = try reader.string()
        if reader.isAtEnd { return .message(OSCMessage(address)) }  // old senders omit the type tags
        let tags = try reader.string()
        guard tags.first == "," else { throw OSCError("type tags must start with a comma") }
        guard tags.count - 1 <= maximumArguments else { throw OSCError("more than \(maximumArguments) arguments") }
        var arguments: [OSCArgument] = []
        for tag in tags.dropFirst() {
            switch tag {
            case "i": arguments.append(.int32(try reader.int32()))
            case "f": arguments.append(.float32(Float(bitPattern: UInt32(bitPattern: try reader.int32()))))
            case "s", "S": arguments.append(.string(try reader.string()))
            case "b":
                let size = Int(try reader.int32())
                guard size >= 0 else { throw OSCError("a blob of negative size \(size)") }
                arguments.append(.blob(Array(try reader.bytes(size, padded: true))))
            case "h": arguments.append(.int64(Int64(bitPattern: try reader.uint64())))
            case "d": arguments.append(.double(Double(bitPattern: try reader.uint64())))
            case "t": arguments.append(.timeTag(try reader.uint64()))
            case "T": arguments.append(.true)
            case "F": arguments.append(.false)
            case "N": arguments.append(.null)
            case "I": arguments.append(.impulse)
            default: throw OSCError("unknown type tag \"\(tag)\"")
            }
        }
        guard reader.isAtEnd else { throw OSCError("bytes left over after the arguments") }
        return .message(OSCMessage(address, arguments))
    }

    /// Reads big-endian numbers and padded strings from a slice, never past its end.
    private struct Reader {
        let bytes: ArraySlice<UInt8>
        var offset: Int

        init(_ bytes: ArraySlice<UInt8>) {
            self.bytes = bytes
            offset = bytes.startIndex
        }

        var isAtEnd: Bool { offset >= bytes.endIndex }

        mutating func bytes(_ count: Int, padded: Bool = false) throws(OSCError) -> ArraySlice<UInt8> {
            let padding = padded ? (4 - count % 4) % 4 : 0
            guard count >= 0, count <= bytes.endIndex - offset - padding else { throw OSCError("the packet is shorter than it says") }
            let slice = bytes[offset..<(offset + count)]
            offset += count + padding
            return slice
        }

        mutating func int32() throws(OSCError) -> Int32 {
            let b = try bytes(4)
            return Int32(bitPattern: UInt32(b[b.startIndex]) << 24 | UInt32(b[b.startIndex + 1]) << 16
                | UInt32(b[b.startIndex + 2]) << 8 | UInt32(b[b.startIndex + 3]))
        }

        mutating func uint64() throws(OSCError) -> UInt64 {
            let high = UInt64(UInt32(bitPattern: try int32())), low = UInt64(UInt32(bitPattern: try int32()))
            return high << 32 | low
        }

        /// A string ended by a zero byte and padded with zeros to a multiple of four bytes.
        mutating func string() throws(OSCError) -> String {
            guard let end = bytes[offset...].firstIndex(of: 0) else { throw OSCError("a string without its ending zero") }
            let text = bytes[offset..<end]
            let padded = (end - offset) / 4 * 4 + 4
            guard offset + padded <= bytes.endIndex else { throw OSCError("a string's padding runs past the packet") }
            guard bytes[end..<(offset + padded)].allSatisfy({ $0 == 0 }) else { throw OSCError("a string is not padded with zeros") }
            guard let string = String(validating: text, as: UTF8.self) else { throw OSCError("a string is not UTF-8") }
            offset += padded
            return string
        }
    }
}

/// Writes OSC packets (for tests, and for sending to other tools).
public enum OSCEncoder {
    public static func encode(_ packet: OSCPacket) -> [UInt8] {
        switch packet {
        case .message(let message):
            var bytes = string(message.address)
            bytes += string("," + message.arguments.map(tag).joined())
            for argument in message.arguments { bytes += data(argument) }
            return bytes
        case .bundle(let timeTag, let elements):
            var bytes = string("#bundle") + uint64(timeTag)
            for element in elements {
                let encoded = encode(element)
                bytes += int32(Int32(encoded.count)) + encoded
            }
            return bytes
        }
    }

    private static func tag(_ argument: OSCArgument) -> String {
        switch argument {
        case .int32: "i"
        case .float32: "f"
        case .string: "s"
        case .blob: "b"
        case .int64: "h"
        case .double: "d"
        case .timeTag: "t"
        case .true: "T"
        case .false: "F"
        case .null: "N"
        case .impulse: "I"
        }
    }

    private static func data(_ argument: OSCArgument) -> [UInt8] {
        switch argument {
        case .int32(let value): int32(value)
        case .float32(let value): int32(Int32(bitPattern: value.bitPattern))
        case .string(let value): string(value)
        case .blob(let value): int32(Int32(value.count)) + value + [UInt8](repeating: 0, count: (4 - value.count % 4) % 4)
        case .int64(let value): uint64(UInt64(bitPattern: value))
        case .double(let value): uint64(value.bitPattern)
        case .timeTag(let value): uint64(value)
        case .true, .false, .null, .impulse: []
        }
    }

    static func string(_ text: String) -> [UInt8] {
        var bytes = Array(text.utf8) + [0]
        while bytes.count % 4 != 0 { bytes.append(0) }
        return bytes
    }

    static func int32(_ value: Int32) -> [UInt8] {
        let bits = UInt32(bitPattern: value)
        return [UInt8(bits >> 24), UInt8((bits >> 16) & 0xFF), UInt8((bits >> 8) & 0xFF), UInt8(bits & 0xFF)]
    }

    static func uint64(_ value: UInt64) -> [UInt8] {
        int32(Int32(bitPattern: UInt32(value >> 32))) + int32(Int32(bitPattern: UInt32(value & 0xFFFF_FFFF)))
    }
}
