/// A fixture as JSON (the patch's file, the API, the library's interchange):
/// `{"name": "Par 1", "universe": 1, "address": 1, "kind": "rgb", "point": {"x": 0.5, "y": 0.5}, "gamma": 2.2,
/// "level": 1}` — with `"area": {"x", "y", "width", "height"}` or `"strip": {"from": {…}, "to": {…},
/// "pixels": N}` in place of `point`; `gamma` and `level` may be left out (2.2 and 1). A fixture of a real
/// make names its profile's mode in place of `kind` — `"profile": {"manufacturer": "Chauvet", "model": "SlimPAR
/// 56", "mode": "7-Ch"}`, written back with the mode's channels — and may hold channels: `"hold": {"Mode": 0}`;
/// a moving head may have an aim (`FixtureAim`'s JSON).
extension Fixture: Codable {
    enum CodingKeys: String, CodingKey {
        case name, universe, address, kind, profile, hold, aim, point, area, strip, gamma, level
    }

    struct Area: Codable {
        var x, y, width, height: Double
    }

    struct Strip: Codable {
        var from, to: StagePoint
        var pixels: Int
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let placed = [CodingKeys.point, .area, .strip].filter { container.contains($0) }
        guard placed.count == 1 else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: decoder.codingPath,
                debugDescription: "a fixture stands on the stage at one of a point, an area or a strip; this has \(placed.count)"))
        }
        let placement: FixturePlacement = switch placed[0] {
        case .point: .point(try container.decode(StagePoint.self, forKey: .point))
        case .area:
            try container.decode(Area.self, forKey: .area).placement
        default:
            try container.decode(Strip.self, forKey: .strip).placement
        }
        let profile = try container.decodeIfPresent(PatchedProfile.self, forKey: .profile)
        guard (profile != nil) != container.contains(.kind) else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: decoder.codingPath, debugDescription: "a fixture has either a kind or a profile, and only one"))
        }
        self.init(
            name: try container.decode(String.self, forKey: .name),
            universe: try container.decode(Int.self, forKey: .universe),
            address: try container.decode(Int.self, forKey: .address),
            kind: profile == nil ? try container.decode(FixtureKind.self, forKey: .kind) : .rgb,
            profile: profile,
            hold: try container.decodeIfPresent([String: Int].self, forKey: .hold) ?? [:],
            aim: try container.decodeIfPresent(FixtureAim.self, forKey: .aim),
            placement: placement,
            gamma: try container.decodeIfPresent(Double.self, forKey: .gamma) ?? Self.defaultGamma,
            level: try container.decodeIfPresent(Double.self, forKey: .level) ?? 1)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(universe, forKey: .universe)
        try container.encode(address, forKey: .address)
        if let profile {
            try container.encode(profile, forKey: .profile)
            if !hold.isEmpty { try container.encode(hold, forKey: .hold) }
            try container.encodeIfPresent(aim, forKey: .aim)
        } else {
            try container.encode(kind, forKey: .kind)
        }
        switch placement {
        case .point(let point): try container.encode(point, forKey: .point)
        case .area(let x, let y, let width, let height): try container.encode(Area(x: x, y: y, width: width, height: height), forKey: .area)
        case .strip(let from, let to, let pixels): try container.encode(Strip(from: from, to: to, pixels: pixels), forKey: .strip)
        }
        try container.encode(gamma, forKey: .gamma)
        try container.encode(level, forKey: .level)
    }
}

extension Fixture.Area {
    var placement: FixturePlacement { .area(x: x, y: y, width: width, height: height) }
}

extension Fixture.Strip {
    var placement: FixturePlacement { .strip(from: from, to: to, pixels: pixels) }
}
