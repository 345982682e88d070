/// What the fixtures are asked to show besides the stage: the master, the blackout, a test of the rig, strobing
/// allowed, the fixtures fired, a head aimed by hand.
public struct FixtureControls: Hashable, Sendable {
    /// Every fixture's level is multiplied by it, 0…1.
    public var master: Double
    /// All dark, whatever the stage shows (the master kept for when it ends).
    public var blackout: Bool
    public var test: FixtureTest?
    /// Lets the stage flash the fixtures faster than 3 times a second (off: `FlashGuard` holds them to it).
    public var allowStrobe: Bool
    /// The fixtures never driven from the stage (smoke, hazers, lasers, strobes) the performer holds on now:
    /// each shows full white at its level while held, else rests at its safe values.
    public var firing: Set<String>
    /// A moving head aimed by hand while it is calibrated: its pan and tilt as the performer nudges them, its
    /// beam full white (a test beam).
    public var aiming: HandAim?

    public init(
        master: Double = 1, blackout: Bool = false, test: FixtureTest? = nil, allowStrobe: Bool = false, firing: Set<String> = [],
        aiming: HandAim? = nil
    ) {
        self.aiming = aiming
        self.master = master
        self.blackout = blackout
        self.test = test
        self.allowStrobe = allowStrobe
        self.firing = firing
    }
}

/// A moving head aimed by hand: which, and its pan and tilt (`{"fixture", "pan", "tilt"}` in JSON).
public struct HandAim: Hashable, Sendable, Codable {
    public var fixture: String
    public var at: PanTilt

    public init(fixture: String, at: PanTilt) {
        self.fixture = fixture
        self.at = at
    }

    enum CodingKeys: String, CodingKey { case fixture, pan, tilt }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            fixture: try container.decode(String.self, forKey: .fixture),
            at: PanTilt(pan: try container.decode(Double.self, forKey: .pan), tilt: try container.decode(Double.self, forKey: .tilt)))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(fixture, forKey: .fixture)
        try container.encode(at.pan, forKey: .pan)
        try container.encode(at.tilt, forKey: .tilt)
    }
}

/// A check of the rig: every fixture (or the one named) full white or dark, or blinking to be found.
public struct FixtureTest: Hashable, Sendable {
    public enum Mode: String, CaseIterable, Sendable {
        /// Every channel at 255.
        case white
        /// Every channel at 0.
        case black
        /// Full white and dark in turn, a quarter of a second each; with a fixture named, the others are dark.
        case identify
    }

    public var mode: Mode
    /// The fixture tested, or nil for all of them; the others show the stage (dark, when identifying).
    public var fixture: String?

    public init(_ mode: Mode, fixture: String? = nil) {
        self.mode = mode
        self.fixture = fixture
    }

    /// How long identify's white (and its dark) lasts, in seconds.
    public static let blink = 0.25
}
