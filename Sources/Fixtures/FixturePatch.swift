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
    /// Each profiled fixture's channels as they are driven (nil for a fixture of a generic kind).
    public let channels: [ProfiledChannels?]
    /// How many cells sample the stage, every light's of every fixture (what `FlashGuard` watches).
    public let cellCount: Int

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

    /// The rows of a picture of the stage `height` rows high that the lights read (`StageSampler.rows`): every
    /// row when a moving head follows the stage (it looks for its target and takes its colour wherever it
    /// points, on its way there too).
    public func rowsRead(height: Int) -> [Range<Int>] {
        if fixtures.contains(where: { $0.aim != nil }) { return height > 0 ? [0..<height] : [] }
        return StageSampler.rows(readBy: lights.joined().flatMap(\.regions), height: height)
    }

    private init(checked fixtures: [Fixture], lights: [[PatchedLight]]) {
        self.fixtures = fixtures
        self.lights = lights
        channels = fixtures.map { fixture in fixture.profile.map { ProfiledChannels($0, hold: fixture.hold, name: fixture.name) } }
        cellCount = lights.joined().reduce(0) { $0 + $1.regions.count }
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

/// One light of a fixture, patched: its universe, its first channel, and where on the stage it shows — a place
/// for each of its cells (the heads of a bar, laid along it), one for a light of one cell.
public struct PatchedLight: Hashable, Sendable {
    public let universe: Int
    public let address: Int
    public let regions: [StageRegion]
    /// Where its first (or only) cell shows.
    public var region: StageRegion { regions[0] }
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
        let width = fixture.channelCount, cells = fixture.cellCount
        var (universe, address) = (fixture.universe, fixture.address)
        var lights: [PatchedLight] = []
        let regions = Self.regions(of: fixture.placement, cells: cells, layout: fixture.profile?.layout)
        for index in stride(from: 0, to: regions.count, by: cells) {
            if address + width - 1 > 512 {
                guard case .strip = fixture.placement, index > 0 else {
                    throw FixtureError("fixture “\(fixture.name)” (\(fixture.channelsSaid), \(width) channels from \(address)) runs past channel 512 of universe \(universe)")
                }
                (universe, address) = (universe + 1, 1)
                guard E131DataPacket.universes.contains(universe) else {
                    throw FixtureError("fixture “\(fixture.name)” runs past universe 63999")
                }
            }
            try take(universe, address..<(address + width), for: fixture.name)
            lights.append(PatchedLight(universe: universe, address: address, regions: Array(regions[index..<(index + cells)])))
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

    /// The regions a placement's cells show, in order, `cells` a light: a point's cells all show it; an area's
    /// share it as a grid (`layout`, else a row); a strip's are laid along it, each at the middle of its share
    /// of the line.
    static func regions(of placement: FixturePlacement, cells: Int = 1, layout: PixelLayout? = nil) -> [StageRegion] {
        switch placement {
        case .point(let point): return Array(repeating: .point(point), count: cells)
        case .area(let x, let y, let width, let height) where cells > 1:
            // A matrix's heads over the area, a share each, in rows from the top-left (a bar's in one row).
            let grid = layout ?? PixelLayout(columns: cells, rows: 1)
            let (cellWidth, cellHeight) = (width / Double(grid.columns), height / Double(grid.rows))
            return (0..<cells).map { index in
                let (column, row) = (index % grid.columns, index / grid.columns)
                return .area(x: x + Double(column) * cellWidth, y: y + Double(row) * cellHeight, width: cellWidth, height: cellHeight)
            }
        case .area(let x, let y, let width, let height): return [.area(x: x, y: y, width: width, height: height)]
        case .strip(let from, let to, let pixels):
            let count = pixels * cells
            return (0..<count).map { index in
                let along = (Double(index) + 0.5) / Double(count)
                return .point(StagePoint(x: from.x + (to.x - from.x) * along, y: from.y + (to.y - from.y) * along))
            }
        }
    }
}
