extension Waveform: Codable {
    private enum CodingKeys: String, CodingKey { case kind, width, seed }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let kind = try container.decode(String.self, forKey: .kind)
        switch kind {
        case "sine": self = .sine
        case "triangle": self = .triangle
        case "saw": self = .saw
        case "square": self = .square
        case "pulse":
            self = .pulse(width: try container.decode(Double.self, forKey: .width).checked("pulse width", in: 0...1))
        case "sample-and-hold": self = .sampleAndHold(seed: try container.decode(UInt64.self, forKey: .seed))
        default: throw InstrumentError.unknownName("waveform", kind, known: Self.names)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .kind)
        if case .pulse(let width) = self { try container.encode(width, forKey: .width) }
        if case .sampleAndHold(let seed) = self { try container.encode(seed, forKey: .seed) }
    }
}

extension OscillatorRate {
    private enum CodingKeys: String, CodingKey { case hertz, beats }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let hertz = try container.decodeIfPresent(Double.self, forKey: .hertz) {
            self = try OscillatorRate.hertz(hertz).validated()
        } else if let beats = try container.decodeIfPresent(Double.self, forKey: .beats) {
            self = try OscillatorRate.beats(beats).validated()
        } else {
            throw InstrumentError.invalid("an oscillator rate needs \"hertz\" or \"beats\"")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .hertz(let value): try container.encode(value, forKey: .hertz)
        case .beats(let value): try container.encode(value, forKey: .beats)
        }
    }
}
