/// A change of the fixtures' controls a performer asks for — over HTTP, the live socket, a MIDI button —
/// each part said or left as it is: the master, the blackout (set or toggled), strobing allowed, the whole set
/// of fixtures fired or one fixture fired or let go, a head aimed by hand (or no longer).
public struct FixtureControlsChange: Hashable, Sendable {
    public var master: Double?
    public var blackout: Bool?
    /// The blackout turned over, whatever it was (MIDI's Blackout button).
    public var togglesBlackout = false
    public var allowStrobe: Bool?
    /// Every fixture fired from now on, the others let go.
    public var firing: [String]?
    /// One fixture fired (`on`) or let go, whatever else is fired.
    public var fire: Fired?
    /// A head aimed by hand, or none any more (`.some(nil)`); nil when not said.
    public var aiming: HandAim??

    /// A fixture fired or let go.
    public struct Fired: Hashable, Sendable {
        public var name: String
        public var on: Bool

        public init(name: String, on: Bool) {
            self.name = name
            self.on = on
        }
    }

    public init(
        master: Double? = nil, blackout: Bool? = nil, togglesBlackout: Bool = false, allowStrobe: Bool? = nil, firing: [String]? = nil,
        fire: Fired? = nil, aiming: HandAim?? = nil
    ) {
        self.master = master
        self.blackout = blackout
        self.togglesBlackout = togglesBlackout
        self.allowStrobe = allowStrobe
        self.firing = firing
        self.fire = fire
        self.aiming = aiming
    }

    /// Nothing to change.
    public var isEmpty: Bool {
        master == nil && blackout == nil && !togglesBlackout && allowStrobe == nil && firing == nil && fire == nil && aiming == nil
    }

    /// The fixtures it names to fire or let go (each must be in the patch).
    public var namesFired: [String] { (firing ?? []) + (fire.map { [$0.name] } ?? []) }

    /// `controls` with this change made: the blackout set before it is toggled, the whole set fired before one
    /// fixture is fired or let go.
    public func apply(to controls: inout FixtureControls) {
        if let master { controls.master = master }
        if let blackout { controls.blackout = blackout }
        if togglesBlackout { controls.blackout.toggle() }
        if let allowStrobe { controls.allowStrobe = allowStrobe }
        if let firing { controls.firing = Set(firing) }
        if let fired = fire {
            if fired.on { controls.firing.insert(fired.name) } else { controls.firing.remove(fired.name) }
        }
        if let aiming { controls.aiming = aiming }
    }
}
