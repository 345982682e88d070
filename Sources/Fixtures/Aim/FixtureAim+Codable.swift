/// An aim as JSON: `{"calibration": [[pan, tilt], [pan, tilt], [pan, tilt], [pan, tilt]], "follow": {"point":
/// {"x", "y"}} | {"brightest": {"x", "y", "width", "height"}} | {"chord": 1…8}, "slew": 180}` (`slew` may be
/// left out: 180 degrees a second).
extension FixtureAim: Codable {
    enum CodingKeys: String, CodingKey { case calibration, follow, slew }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let corners = try container.decode([[Double]].self, forKey: .calibration)
        guard corners.allSatisfy({ $0.count == 2 }) else {
            throw DecodingError.dataCorruptedError(forKey: .calibration, in: container, debugDescription: "each corner is [pan, tilt] in degrees")
        }
        self.init(
            calibration: corners.map { PanTilt(pan: $0[0], tilt: $0[1]) }, follow: try container.decode(AimFollow.self, forKey: .follow),
            slew: try container.decodeIfPresent(Double.self, forKey: .slew) ?? Self.defaultSlew)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(calibration.map { [$0.pan, $0.tilt] }, forKey: .calibration)
        try container.encode(follow, forKey: .follow)
        try container.encode(slew, forKey: .slew)
    }
}

extension AimFollow: Codable {
    enum CodingKeys: String, CodingKey { case point, brightest, chord }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let given = [CodingKeys.point, .brightest, .chord].filter { container.contains($0) }
        guard given.count == 1 else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: decoder.codingPath, debugDescription: "an aim follows one of a point, the brightest in an area, or a chord; this names \(given.count)"))
        }
        switch given[0] {
        case .point: self = .point(try container.decode(StagePoint.self, forKey: .point))
        case .brightest:
            let area = try container.decode(Fixture.Area.self, forKey: .brightest)
            self = .brightest(x: area.x, y: area.y, width: area.width, height: area.height)
        default: self = .chord(try container.decode(Int.self, forKey: .chord))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .point(let point): try container.encode(point, forKey: .point)
        case .brightest(let x, let y, let width, let height): try container.encode(Fixture.Area(x: x, y: y, width: width, height: height), forKey: .brightest)
        case .chord(let chord): try container.encode(chord, forKey: .chord)
        }
    }
}
