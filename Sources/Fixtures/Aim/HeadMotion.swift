/// A moving head's motors as they move, frame after frame: turned toward the target at most the slew's
/// degrees a second on each axis, from where they were; a head without a target rests where it is. Its first
/// aim is taken at once (nothing to spare yet).
public struct HeadMotion: Hashable, Sendable {
    /// Where the motors point now; nil before the first target.
    public private(set) var aim: PanTilt?
    private var time: Double?

    public init() {}

    /// Moves toward `target` (nil: lost — resting) by what `slew` allows since the last move, at `time`
    /// (seconds); where the motors point after.
    public mutating func move(toward target: PanTilt?, slew: Double, at time: Double) -> PanTilt? {
        defer { self.time = time }
        guard let target else { return aim }
        guard let from = aim, let before = self.time else {
            aim = target
            return aim
        }
        let reach = max(0, time - before) * slew
        func step(_ from: Double, _ to: Double) -> Double { from + min(max(to - from, -reach), reach) }
        aim = PanTilt(pan: step(from.pan, target.pan), tilt: step(from.tilt, target.tilt))
        return aim
    }
}

extension HeadMotion {
    /// Puts the motors at `aim` at once (a head aimed by hand): from there it turns at its slew again after.
    public mutating func place(at aim: PanTilt, time: Double) -> PanTilt? {
        self.aim = aim
        self.time = time
        return aim
    }
}

/// What the fixtures keep from one DMX frame to the next: the flash guard and each moving head's motors.
public struct FixtureFrameState: Sendable {
    public var flashes = FlashGuard()
    /// Each moving head's motors, by fixture name.
    public var heads: [String: HeadMotion] = [:]

    public init() {}
}
