extension Motion: Codable {
    private enum CodingKeys: String, CodingKey {
        case kind, direction, speed, radius, rate, width, height, xRate, yRate, phase, distance, stroke
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let kind = try c.decode(String.self, forKey: .kind)
        switch kind {
        case "still": self = .still
        case "drift":
            self = .drift(direction: try c.decode(Double.self, forKey: .direction), speed: try c.decode(Double.self, forKey: .speed))
        case "orbit":
            self = .orbit(radius: try c.decode(Double.self, forKey: .radius), rate: try c.decode(Double.self, forKey: .rate))
        case "lissajous":
            self = .lissajous(
                width: try c.decode(Double.self, forKey: .width), height: try c.decode(Double.self, forKey: .height),
                xRate: try c.decode(Double.self, forKey: .xRate), yRate: try c.decode(Double.self, forKey: .yRate),
                phase: try c.decode(Double.self, forKey: .phase))
        case "wander":
            self = .wander(distance: try c.decode(Double.self, forKey: .distance), rate: try c.decode(Double.self, forKey: .rate))
        case "follow":
            self = .follow(try c.decode(Stroke.self, forKey: .stroke), speed: try c.decode(Double.self, forKey: .speed))
        default:
            throw InstrumentError.unknownName("motion", kind, known: Self.kinds)
        }
        try validate()
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(kind, forKey: .kind)
        switch self {
        case .still: break
        case .drift(let direction, let speed):
            try c.encode(direction, forKey: .direction)
            try c.encode(speed, forKey: .speed)
        case .orbit(let radius, let rate):
            try c.encode(radius, forKey: .radius)
            try c.encode(rate, forKey: .rate)
        case .lissajous(let width, let height, let xRate, let yRate, let phase):
            try c.encode(width, forKey: .width)
            try c.encode(height, forKey: .height)
            try c.encode(xRate, forKey: .xRate)
            try c.encode(yRate, forKey: .yRate)
            try c.encode(phase, forKey: .phase)
        case .wander(let distance, let rate):
            try c.encode(distance, forKey: .distance)
            try c.encode(rate, forKey: .rate)
        case .follow(let stroke, let speed):
            try c.encode(stroke, forKey: .stroke)
            try c.encode(speed, forKey: .speed)
        }
    }
}
