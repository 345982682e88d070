/// An output as JSON (the API, the live protocol, the library's rows):
/// `{"name": "Left", "slice": {"x", "y", "width", "height"}, "corners": [[0, 0], [1, 0], [1, 1], [0, 1]],
/// "grid": null | {"columns", "rows", "points": [[x, y], …]}, "blend": {"left", "right", "top", "bottom",
/// "gamma"}, "mask": null | [[x, y], …], "brightness": 1, "testPattern": null | "grid" | "white"}` — every
/// field but the name may be left out, and keeps its default (a blend's widths and gamma each).
extension StageOutput: Codable {
    enum CodingKeys: String, CodingKey {
        case name, slice, corners, grid, blend, mask, brightness, testPattern
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(name: try container.decode(String.self, forKey: .name))
        slice = try container.decodeIfPresent(OutputRect.self, forKey: .slice) ?? slice
        grid = try container.decodeIfPresent(OutputGrid.self, forKey: .grid)
        let outline = grid?.outline ?? []
        corners = try container.decodeIfPresent([OutputPoint].self, forKey: .corners) ?? (outline.isEmpty ? corners : outline)
        blend = try container.decodeIfPresent(PartialBlend.self, forKey: .blend)?.blend ?? blend
        mask = try container.decodeIfPresent([OutputPoint].self, forKey: .mask)
        brightness = try container.decodeIfPresent(Double.self, forKey: .brightness) ?? brightness
        testPattern = try container.decodeIfPresent(TestPattern.self, forKey: .testPattern)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(slice, forKey: .slice)
        try container.encode(corners, forKey: .corners)
        try container.encode(grid, forKey: .grid)  // null, not left out: the whole output is said
        try container.encode(blend, forKey: .blend)
        try container.encode(mask, forKey: .mask)
        try container.encode(brightness, forKey: .brightness)
        try container.encode(testPattern, forKey: .testPattern)
    }

    /// A blend whose widths and gamma may each be left out.
    private struct PartialBlend: Decodable {
        var left, right, top, bottom, gamma: Double?

        var blend: OutputBlend {
            let plain = OutputBlend()
            return OutputBlend(
                left: left ?? plain.left, right: right ?? plain.right, top: top ?? plain.top, bottom: bottom ?? plain.bottom,
                gamma: gamma ?? plain.gamma)
        }
    }
}

/// A point as JSON: `[x, y]`.
extension OutputPoint: Codable {
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        let x = try container.decode(Double.self)
        let y = try container.decode(Double.self)
        guard container.isAtEnd else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "a point is [x, y]: two numbers"))
        }
        self.init(x, y)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(x)
        try container.encode(y)
    }
}

