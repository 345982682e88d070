/// A fixture as its maker built it, read from a fixture definition (QLC+'s `.qxf`, which Open Fixture Library
/// exports too): who made it, what kind of light it is, every channel it has and what each does, the modes it
/// can be set to (which channels, in which order, and its heads for a fixture of many cells), and how far it
/// pans and tilts.
public struct FixtureProfile: Hashable, Sendable, Codable {
    public var manufacturer: String
    public var model: String
    /// QLC+'s type: "Color Changer", "Moving Head", "Scanner", "LED Bar (Pixels)", "Smoke", "Laser", …
    public var type: String
    public var channels: [ProfileChannel]
    public var modes: [ProfileMode]
    /// The pan's and the tilt's whole travel in degrees (0 when it does not move).
    public var panDegrees: Double
    public var tiltDegrees: Double
    /// How a matrix's heads are laid out, columns by rows (QLC+'s `<Layout>`); nil: in a row.
    public var layout: PixelLayout?

    public init(
        manufacturer: String, model: String, type: String, channels: [ProfileChannel], modes: [ProfileMode],
        panDegrees: Double = 0, tiltDegrees: Double = 0, layout: PixelLayout? = nil
    ) {
        self.layout = layout
        self.manufacturer = manufacturer
        self.model = model
        self.type = type
        self.channels = channels
        self.modes = modes
        self.panDegrees = panDegrees
        self.tiltDegrees = tiltDegrees
    }

    /// The most channels a mode may have, and the most modes, channels and capabilities a profile may hold:
    /// far more than any real fixture (the largest of QLC+'s has 200 channels).
    public static let maximumModeChannels = 512
    public static let maximumChannels = 2_048
    public static let maximumModes = 64
    public static let maximumCapabilities = 256
    /// The largest definition file read: QLC+'s largest is 71 KB.
    public static let maximumDefinitionBytes = 1 << 20

    /// The mode called `name` (ignoring case), laid out: its channels in order and its heads.
    public func mode(named name: String) -> PatchedProfile? {
        guard let mode = modes.first(where: { $0.name.lowercased() == name.lowercased() }) else { return nil }
        let byName = Dictionary(channels.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        return PatchedProfile(
            manufacturer: manufacturer, model: model, mode: mode.name, type: type,
            channels: mode.channels.compactMap { byName[$0] }, heads: mode.heads, panDegrees: panDegrees, tiltDegrees: tiltDegrees,
            layout: layout.flatMap { $0.columns * $0.rows == mode.heads.count ? $0 : nil })
    }

    /// Refuses, with the first problem, a profile that cannot be patched: no manufacturer or model, no mode, a
    /// mode naming a channel the profile has not, a head naming a channel past its mode's, a capability out
    /// of 0…255.
    public func validate() throws(FixtureError) {
        let what = "the profile “\(manufacturer) \(model)”"
        guard !manufacturer.isEmpty, !model.isEmpty else { throw FixtureError("a fixture profile names its manufacturer and its model") }
        guard !modes.isEmpty else { throw FixtureError("\(what) has no mode") }
        guard modes.count <= Self.maximumModes, channels.count <= Self.maximumChannels else {
            throw FixtureError("\(what) has more modes or channels than a fixture has (\(modes.count) modes, \(channels.count) channels)")
        }
        guard panDegrees.isFinite, tiltDegrees.isFinite, (0...10_000).contains(panDegrees), (0...10_000).contains(tiltDegrees) else {
            throw FixtureError("\(what): its pan and tilt are 0 to 10000 degrees")
        }
        let names = Set(channels.map(\.name))
        for channel in channels { try channel.validate(in: what) }
        for mode in modes {
            guard !mode.channels.isEmpty, mode.channels.count <= Self.maximumModeChannels else {
                throw FixtureError("\(what): its mode “\(mode.name)” has 1 to \(Self.maximumModeChannels) channels, not \(mode.channels.count)")
            }
            if let unknown = mode.channels.first(where: { !names.contains($0) }) {
                throw FixtureError("\(what): its mode “\(mode.name)” names a channel it does not have, “\(unknown)”")
            }
            if let head = mode.heads.first(where: { $0.isEmpty || $0.contains { !mode.channels.indices.contains($0) } }) {
                throw FixtureError("\(what): a head of its mode “\(mode.name)” names channels it does not have (\(head))")
            }
        }
    }
}

/// One channel of a profile: its name, what it is (QLC+'s preset, or its group and colour in older files),
/// whether it is the fine byte of a 16-bit pair, the value it rests at, and what its ranges of values do.
public struct ProfileChannel: Hashable, Sendable, Codable {
    public var name: String
    /// QLC+'s channel preset: "IntensityRed", "IntensityMasterDimmer", "PositionPanFine", …
    public var preset: String?
    /// QLC+'s group: "Intensity", "Colour", "Shutter", "Pan", "Tilt", "Gobo", "Effect", "Maintenance", …
    public var group: String?
    /// An intensity channel's colour in older files (`<Colour>Red</Colour>`).
    public var colour: String?
    /// The fine (low) byte of a 16-bit value (`Byte="1"`, or a preset ending in "Fine").
    public var fine: Bool
    /// The value the profile says it rests at, if it says.
    public var defaultValue: Int?
    public var capabilities: [ChannelCapability]

    public init(
        name: String, preset: String? = nil, group: String? = nil, colour: String? = nil, fine: Bool = false,
        defaultValue: Int? = nil, capabilities: [ChannelCapability] = []
    ) {
        self.name = name
        self.preset = preset
        self.group = group
        self.colour = colour
        self.fine = fine || (preset?.hasSuffix("Fine") ?? false)
        self.defaultValue = defaultValue
        self.capabilities = capabilities
    }

    func validate(in what: String) throws(FixtureError) {
        guard !name.isEmpty else { throw FixtureError("\(what) has a channel without a name") }
        if let defaultValue, !(0...255).contains(defaultValue) {
            throw FixtureError("\(what): its channel “\(name)” rests at \(defaultValue), out of 0 to 255")
        }
        guard capabilities.count <= FixtureProfile.maximumCapabilities else {
            throw FixtureError("\(what): its channel “\(name)” has more than \(FixtureProfile.maximumCapabilities) capabilities")
        }
        for capability in capabilities where !(0...255).contains(capability.minimum) || !(0...255).contains(capability.maximum) || capability.minimum > capability.maximum {
            throw FixtureError("\(what): its channel “\(name)” has a capability from \(capability.minimum) to \(capability.maximum), not within 0 to 255")
        }
    }
}

/// What a range of a channel's values does: its words, QLC+'s preset if any ("ShutterOpen", "ColorMacro",
/// "StrobeSlowToFast", …) and the colours it shows (one, or two for a split colour).
public struct ChannelCapability: Hashable, Sendable, Codable {
    public var minimum: Int
    public var maximum: Int
    public var description: String
    public var preset: String?
    /// Colours as "#rrggbb".
    public var colors: [String]

    public init(minimum: Int, maximum: Int, description: String, preset: String? = nil, colors: [String] = []) {
        self.minimum = minimum
        self.maximum = maximum
        self.description = description
        self.preset = preset
        self.colors = colors
    }

    /// The value in the middle of the range: what a performer would set to get it.
    public var middle: Int { (minimum + maximum) / 2 }
}

/// How a matrix's heads are laid out: so many columns by so many rows, heads in rows from the top-left.
public struct PixelLayout: Hashable, Sendable, Codable {
    public var columns: Int
    public var rows: Int

    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }
}

/// A mode a fixture can be set to: the channels it listens to, by name, in order from its address; and its
/// heads — the cells of a bar or a matrix — each the numbers (from 0) of the mode's channels it has.
public struct ProfileMode: Hashable, Sendable, Codable {
    public var name: String
    public var channels: [String]
    public var heads: [[Int]]

    public init(name: String, channels: [String], heads: [[Int]] = []) {
        self.name = name
        self.channels = channels
        self.heads = heads
    }
}

/// The mode of a profile a fixture is patched in, whole: what the patch keeps, so that a fixture plays the
/// same whether or not its definition is still on the machine.
public struct PatchedProfile: Hashable, Sendable, Codable {
    public var manufacturer: String
    public var model: String
    public var mode: String
    public var type: String
    /// The mode's channels in order from the fixture's address.
    public var channels: [ProfileChannel]
    /// The mode's heads (numbers of its channels), none for a fixture of one cell.
    public var heads: [[Int]]
    public var panDegrees: Double
    public var tiltDegrees: Double
    /// How its heads are laid out, when they make a matrix.
    public var layout: PixelLayout?

    /// A mode named, its channels still to be found among the profiles (the API's `{"manufacturer", "model",
    /// "mode"}`); a fixture is patched only once they are.
    public init(manufacturer: String, model: String, mode: String) {
        self.init(manufacturer: manufacturer, model: model, mode: mode, type: "", channels: [], heads: [], panDegrees: 0, tiltDegrees: 0)
    }

    public init(
        manufacturer: String, model: String, mode: String, type: String, channels: [ProfileChannel], heads: [[Int]],
        panDegrees: Double, tiltDegrees: Double, layout: PixelLayout? = nil
    ) {
        self.layout = layout
        self.manufacturer = manufacturer
        self.model = model
        self.mode = mode
        self.type = type
        self.channels = channels
        self.heads = heads
        self.panDegrees = panDegrees
        self.tiltDegrees = tiltDegrees
    }

    /// Whether it names the same mode of the same profile as `other` (ignoring case).
    public func names(_ other: PatchedProfile) -> Bool {
        [manufacturer, model, mode].map { $0.lowercased() } == [other.manufacturer, other.model, other.mode].map { $0.lowercased() }
    }

    func validate(_ what: String) throws(FixtureError) {
        if let layout, layout.columns < 1 || layout.rows < 1 || layout.columns * layout.rows != heads.count {
            throw FixtureError("\(what): a layout of \(layout.columns) × \(layout.rows) does not hold its \(heads.count) heads")
        }
        guard channels.count <= FixtureProfile.maximumModeChannels else {
            throw FixtureError("\(what): a mode has at most \(FixtureProfile.maximumModeChannels) channels; this has \(channels.count)")
        }
        let kept = FixtureProfile(
            manufacturer: manufacturer, model: model, type: type, channels: channels,
            modes: [ProfileMode(name: mode, channels: channels.map(\.name), heads: heads)], panDegrees: panDegrees, tiltDegrees: tiltDegrees)
        do { try kept.validate() } catch { throw FixtureError("\(what): \(error.description)") }
    }

    enum CodingKeys: String, CodingKey {
        case manufacturer, model, mode, type, channels, heads, panDegrees, tiltDegrees, layout
    }

    /// Read with only its names required: a mode named is found among the profiles when it is patched.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            manufacturer: try container.decode(String.self, forKey: .manufacturer), model: try container.decode(String.self, forKey: .model),
            mode: try container.decode(String.self, forKey: .mode), type: try container.decodeIfPresent(String.self, forKey: .type) ?? "",
            channels: try container.decodeIfPresent([ProfileChannel].self, forKey: .channels) ?? [],
            heads: try container.decodeIfPresent([[Int]].self, forKey: .heads) ?? [],
            panDegrees: try container.decodeIfPresent(Double.self, forKey: .panDegrees) ?? 0,
            tiltDegrees: try container.decodeIfPresent(Double.self, forKey: .tiltDegrees) ?? 0,
            layout: try container.decodeIfPresent(PixelLayout.self, forKey: .layout))
    }
}
