import DMX

/// Every fixture of the rig, and the channels each light of each fixture takes: validated whole, so a patch
/// whose fixtures overlap in a universe, or run past channel 512, is refused with the first clash named and
/// never half-kept.
public struct FixturePatch: Hashable, Sendable, Codable {
    /// The most fixtures a patch holds.
    public static let maximumFixtures = 256
    /// The most universes a patch may fill.
    public static let maximumUniverses = 256

    public let fixtures: [Fixture]
    /// Where each light is, fixture by fixture (a strip's lights in order).
    public let lights: [[PatchedLight]]

    /// No fixtures: nothing is sent.
    public static let empty = FixturePatch(checked: [], lights: [])

    /// The patch of `fixtures` (their names as the text rule keeps them), or why it cannot be.
    public init(_ fixtures: [Fixture]) throws(FixtureError) {
        guard fixtures.count <= Self.maximumFixtures else {
            throw FixtureError("a patch has at most \(Self.maximumFixtures) fixtures; this has \(fixtures.count)")
        }
        var names = Set<String>()
        let fixtures = try fixtures.map { (fixture) throws(FixtureError) in try fixture.checked() }
        for fixture in fixtures {
            guard names.insert(fixture.name).inserted else { throw FixtureError("two fixtures are called “\(fixture.name)”: a name is one fixture's") }
        }
        var layout = ChannelLayout()
        let lights = try fixtures.map { (fixture) throws(FixtureError) in try layout.place(fixture) }
        guard layout.universes.count <= Self.maximumUniverses else {
            throw FixtureError("a patch fills at most \(Self.maximumUniverses) universes; this fills \(layout.universes.count)")
        }
        self.init(checked: fixtures, lights: lights)
    }

    /// The rows of a picture of the stage `height` rows high that the lights read (`StageSampler.rows`).
    public func rowsRead(height: Int) -> [Range<Int>] {
        StageSampler.rows(readBy: lights.joined().map(\.region), height: height)
    }

    private init(checked fixtures: [Fixture], lights: [[PatchedLight]]) {
        self.fixtures = fixtures
        self.lights = lights
        universes = Set(lights.joined().map(\.universe)).sorted()
    }

    /// The universes with fixtures in them, in order: the only ones sent (worked out once: every DMX frame asks).
    public let universes: [Int]

    /// The fixture called `name`.
    public func fixture(named name: String) -> Fixture? {
        fixtures.first { $0.name == name }
    }

    public init(from decoder: any Decoder) throws {
        let fixtures = try decoder.singleValueContainer().decode([Fixture].self)
        do throws(FixtureError) { try self.init(fixtures) } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.description))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(fixtures)
    }
}

/// One light of a fixture, patched: its universe, its first channel, and where on the stage it shows.
public struct PatchedLight: Hashable, Sendable {
    public let universe: Int
    public let address: Int
    public let region: StageRegion
}

/// What part of the stage a light shows: the picture at a point, or the mean of an area.
public enum StageRegion: Hashable, Sendable {
    case point(StagePoint)
    case area(x: Double, y: Double, width: Double, height: Double)
}

/// The channels taken so far, universe by universe, with whose they are: places each fixture's lights, a
/// strip's continuing at the next universe's channel 1 when a light does not fit in the rest of one.
struct ChannelLayout {
    private(set) var universes: [Int: [Int?]] = [:]
    private var names: [String] = []

    mutating func place(_ fixture: Fixture) throws(FixtureError) -> [PatchedLight] {
        let width = fixture.kind.channelCount
        var (universe, address) = (fixture.universe, fixture.address)
        var lights: [PatchedLight] = []
        for (index, region) in Self.regions(of: fixture.placement).enumerated() {
            if address + width - 1 > 512 {
                guard case .strip = fixture.placement, index > 0 else {
                    throw FixtureError("fixture “\(fixture.name)” (\(fixture.kind.rawValue), \(width) channels from \(address)) runs past channel 512 of universe \(universe)")
                }
                (universe, address) = (universe + 1, 1)
                guard E131DataPacket.universes.contains(universe) else {
                    throw FixtureError("fixture “\(fixture.name)” runs past universe 63999")
                }
            }
            try take(universe, address..<(address + width), for: fixture.name)
            lights.append(PatchedLight(universe: universe, address: address, region: region))
            address += width
        }
        return lights
    }

    private mutating func take(_ universe: Int, _ channels: Range<Int>, for name: String) throws(FixtureError) {
        var taken = universes[universe] ?? [Int?](repeating: nil, count: 512)
        if let clash = channels.first(where: { taken[$0 - 1] != nil }), let owner = taken[clash - 1] {
            throw FixtureError("fixture “\(name)” overlaps “\(names[owner])” at channel \(clash) of universe \(universe)")
        }
        if names.last != name { names.append(name) }
        for channel in channels { taken[channel - 1] = names.count - 1 }
        universes[universe] = taken
    }

    /// The regions a placement's lights show, in order.
    static func regions(of placement: FixturePlacement) -> [StageRegion] {
        switch placement {
        case .point(let point): return [.point(point)]
        case .area(let x, let y, let width, let height): return [.area(x: x, y: y, width: width, height: height)]
        case .strip(let from, let to, let pixels):
            return (0..<pixels).map { index in
                let along = (Double(index) + 0.5) / Double(pixels)
                return .point(StagePoint(x: from.x + (to.x - from.x) * along, y: from.y + (to.y - from.y) * along))
            }
        }
    }
}
