/// An Open Sound Control packet: a message, or a bundle of packets with a time tag (OSC 1.0).
public enum OSCPacket: Hashable, Sendable {
    case message(OSCMessage)
    case bundle(timeTag: UInt64, elements: [OSCPacket])

    /// Every message in the packet, bundles opened, in order.
    public var messages: [OSCMessage] {
        switch self {
        case .message(let message): [message]
        case .bundle(_, let elements): elements.flatMap(\.messages)
        }
    }
}

/// An OSC message: an address pattern and its arguments.
public struct OSCMessage: Hashable, Sendable {
    public var address: String
    public var arguments: [OSCArgument]

    public init(_ address: String, _ arguments: [OSCArgument] = []) {
        self.address = address
        self.arguments = arguments
    }
}

/// One argument of an OSC message, by its type tag.
public enum OSCArgument: Hashable, Sendable {
    case int32(Int32)  // i
    case float32(Float)  // f
    case string(String)  // s
    case blob([UInt8])  // b
    case int64(Int64)  // h
    case double(Double)  // d
    case timeTag(UInt64)  // t
    case `true`  // T
    case `false`  // F
    case null  // N
    case impulse  // I

    /// The argument as a number, if it is one (booleans count as 1 and 0).
    public var number: Double? {
        switch self {
        case .int32(let value): Double(value)
        case .float32(let value): Double(value)
        case .int64(let value): Double(value)
        case .double(let value): value
        case .true: 1
        case .false: 0
        default: nil
        }
    }
}

/// Why a packet could not be read.
public struct OSCError: Error, Hashable, Sendable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
