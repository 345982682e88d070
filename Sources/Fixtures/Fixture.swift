import DMX
import UserText

/// A light on DMX, patched once: its name, where its channels start (a universe and an address), what its
/// channels mean (its profile's mode, or one of the five generic kinds), where it stands on the stage (what part
/// of the picture it shows), and how its light is shaped (gamma and level).
public struct Fixture: Hashable, Sendable {
    /// The name the console and the test modes call it by (the text rule; unique in a patch).
    public var name: String
    /// Its first universe, 1…63999 (sACN's numbering; Art-Net's port address is one less).
    public var universe: Int
    /// Its first channel, 1…512.
    public var address: Int
    /// The channels of a fixture patched without a profile.
    public var kind: FixtureKind
    /// The mode of the profile it is patched in (its channels kept with the patch); nil: its `kind`'s channels.
    public var profile: PatchedProfile?
    /// Values the patch holds channels at, by channel name, whatever the profile says of them (0…255).
    public var hold: [String: Int]
    /// Where a moving head points (a fixture with a profile that pans or tilts); nil: its pan and tilt rest at
    /// the middle of their travel.
    public var aim: FixtureAim?
    public var placement: FixturePlacement
    /// The curve from the picture's value to the light's level: level = value^gamma, 1…3.
    public var gamma: Double
    /// The fixture's own master, 0…1.
    public var level: Double

    public static let defaultGamma = 2.2
    public static let gammas = 1.0...3.0

    public init(
        name: String, universe: Int, address: Int, kind: FixtureKind = .rgb, profile: PatchedProfile? = nil,
        hold: [String: Int] = [:], aim: FixtureAim? = nil, placement: FixturePlacement, gamma: Double = defaultGamma,
        level: Double = 1
    ) {
        self.name = name
        self.universe = universe
        self.address = address
        self.kind = kind
        self.profile = profile
        self.hold = hold
        self.aim = aim
        self.placement = placement
        self.gamma = gamma
        self.level = level
    }

    /// The channels one light of it takes: its mode's, or its kind's.
    public var channelCount: Int { profile?.channels.count ?? kind.channelCount }

    /// Its channels in a word, for a refusal: its kind, or its profile's mode.
    var channelsSaid: String {
        profile.map { "\($0.manufacturer) \($0.model), \($0.mode)" } ?? kind.rawValue
    }

    /// How many cells each light of it has: its mode's heads, or 1.
    public var cellCount: Int { max(1, profile?.heads.count ?? 1) }

    /// How many lights it has: a strip's pixels, else one.
    public var pixelCount: Int {
        if case .strip(_, _, let pixels) = placement { return pixels }
        return 1
    }

    /// The fixture with its name as the text rule keeps it (composed, trimmed), or why it cannot be patched
    /// (the channels it takes are the patch's to check, against the others).
    public func checked() throws(FixtureError) -> Fixture {
        var kept = self
        do throws(UserTextError) { kept.name = try UserText.checked(name, as: "a fixture's name") } catch { throw FixtureError(error.description) }
        try kept.validate()
        return kept
    }

    /// Refuses, with why, a fixture whose numbers or place cannot be patched.
    func validate() throws(FixtureError) {
        let what = "fixture “\(name)”"
        guard E131DataPacket.universes.contains(universe) else { throw FixtureError("\(what): a universe is 1 to 63999; \(universe) is not") }
        guard (1...512).contains(address) else { throw FixtureError("\(what): an address is 1 to 512; \(address) is not") }
        guard gamma.isFinite, Self.gammas.contains(gamma) else { throw FixtureError("\(what): a gamma is 1 to 3; \(gamma) is not") }
        guard level.isFinite, (0...1).contains(level) else { throw FixtureError("\(what): a level is 0 to 1; \(level) is not") }
        try placement.validate(what)
        try validateProfile(what)
    }
}

extension Fixture {
    /// Refuses a profile not resolved (named, but not found among the definitions), a mode too large, or a
    /// hold of a channel it has not or out of 0…255.
    func validateProfile(_ what: String) throws(FixtureError) {
        guard let profile else {
            guard hold.isEmpty else { throw FixtureError("\(what): only a fixture with a profile holds channels by name") }
            guard aim == nil else { throw FixtureError("\(what): only a moving head (a fixture with a profile that pans or tilts) has an aim") }
            return
        }
        guard !profile.channels.isEmpty else {
            throw FixtureError("\(what): there is no fixture profile “\(profile.manufacturer) \(profile.model)” with a mode “\(profile.mode)”")
        }
        try profile.validate(what)
        for (channel, value) in hold.sorted(by: { $0.key < $1.key }) {
            guard profile.channels.contains(where: { $0.name == channel }) else {
                throw FixtureError("\(what): its mode “\(profile.mode)” has no channel “\(channel)” to hold")
            }
            guard (0...255).contains(value) else { throw FixtureError("\(what): a channel is held at 0 to 255; \(value) is not") }
        }
        if let aim {
            let moves = profile.channels.contains { ChannelRole(of: $0).isPanOrTilt }
            guard moves, profile.panDegrees > 0 || profile.tiltDegrees > 0 else {
                throw FixtureError("\(what): only a moving head (a fixture with a profile that pans or tilts) has an aim")
            }
            try aim.validate(what, panDegrees: profile.panDegrees, tiltDegrees: profile.tiltDegrees)
        }
    }
}

/// What a fixture's channels mean, a light at a time: from a plain dimmer to red, green, blue, white and a
/// dimmer.
public enum FixtureKind: String, CaseIterable, Codable, Hashable, Sendable {
    /// One channel: the light's brightness.
    case dimmer
    /// Red, green, blue.
    case rgb
    /// Red, green, blue and white, the white the least of the three taken out of them.
    case rgbw
    /// Red, green, blue, then a dimmer.
    case rgbd
    /// Red, green, blue, white, then a dimmer.
    case rgbwd

    /// Channels a light of this kind takes.
    public var channelCount: Int {
        switch self {
        case .dimmer: 1
        case .rgb: 3
        case .rgbw, .rgbd: 4
        case .rgbwd: 5
        }
    }
}

/// Where a fixture stands on the stage, in stage units (0…1 across and down from the top-left): a point,
/// an area whose pixels it shows the mean of, or a strip of lights in a row from one point to another.
public enum FixturePlacement: Hashable, Sendable {
    case point(StagePoint)
    case area(x: Double, y: Double, width: Double, height: Double)
    /// `pixels` lights of the fixture's kind, one after another in the universe, each at the middle of its
    /// share of the line from `from` to `to`.
    case strip(from: StagePoint, to: StagePoint, pixels: Int)

    /// The most lights a strip may have.
    public static let maximumPixels = 2_048

    func validate(_ what: String) throws(FixtureError) {
        switch self {
        case .point(let point):
            try point.validate("\(what)'s point")
        case .area(let x, let y, let width, let height):
            try StagePoint(x: x, y: y).validate("\(what)'s area")
            guard width.isFinite, height.isFinite, width > 0, height > 0, x + width <= 1, y + height <= 1 else {
                throw FixtureError("\(what)'s area has a width and a height above 0 and stays on the stage (x + width and y + height at most 1)")
            }
        case .strip(let from, let to, let pixels):
            try from.validate("\(what)'s strip start")
            try to.validate("\(what)'s strip end")
            guard (1...Self.maximumPixels).contains(pixels) else {
                throw FixtureError("\(what): a strip has 1 to \(Self.maximumPixels) pixels; \(pixels) is not")
            }
        }
    }
}

/// A place on the stage: 0…1 across (`x`) and down (`y`) from the top-left.
public struct StagePoint: Hashable, Sendable, Codable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    func validate(_ what: String) throws(FixtureError) {
        guard x.isFinite, y.isFinite, (0...1).contains(x), (0...1).contains(y) else {
            throw FixtureError("\(what) is on the stage: x and y 0 to 1, not \(x), \(y)")
        }
    }
}

/// Why a fixture or a patch is refused, in one line a performer can act on.
public struct FixtureError: Error, Hashable, Sendable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
