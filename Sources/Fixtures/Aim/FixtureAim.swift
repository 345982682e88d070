import StageOutputs

/// Where a moving head points, patched with it: the pan and tilt (degrees) that put its beam on the four
/// corners of the stage's picture on the floor or wall — top-left, top-right, bottom-right, bottom-left, as the
/// outputs' corner-pin — what it follows, and how fast its motors may turn.
public struct FixtureAim: Hashable, Sendable {
    /// Pan and tilt at the stage's corners, in turn.
    public var calibration: [PanTilt]
    public var follow: AimFollow
    /// The fastest it turns, degrees a second (on pan and on tilt), to spare the motors.
    public var slew: Double

    public static let defaultSlew = 180.0
    public static let slews = 1.0...3_600.0

    public init(calibration: [PanTilt], follow: AimFollow, slew: Double = defaultSlew) {
        self.calibration = calibration
        self.follow = follow
        self.slew = slew
    }

    /// From the stage (0…1 across and down) to pan and tilt: the calibration's homography; nil when its four
    /// corners make no quadrilateral.
    public var toPanTilt: Homography? {
        Homography(unitSquareTo: calibration.map { OutputPoint($0.pan, $0.tilt) })
    }

    /// The pan and tilt that put the beam on `point` of the stage.
    public func panTilt(at point: StagePoint) -> PanTilt? {
        toPanTilt?.apply(OutputPoint(point.x, point.y)).map { PanTilt(pan: $0.x, tilt: $0.y) }
    }

    /// Where on the stage the beam falls at `aim` (the calibration read backwards), kept on the stage.
    public func stagePoint(at aim: PanTilt) -> StagePoint? {
        guard let back = toPanTilt?.inverse, let point = back.apply(OutputPoint(aim.pan, aim.tilt)) else { return nil }
        return StagePoint(x: min(max(point.x, 0), 1), y: min(max(point.y, 0), 1))
    }

    func validate(_ what: String, panDegrees: Double, tiltDegrees: Double) throws(FixtureError) {
        guard calibration.count == 4 else {
            throw FixtureError("\(what): an aim is calibrated at the stage's four corners; this has \(calibration.count)")
        }
        for corner in calibration {
            guard corner.pan.isFinite, corner.tilt.isFinite, (0...max(panDegrees, 0)).contains(corner.pan),
                  (0...max(tiltDegrees, 0)).contains(corner.tilt) else {
                throw FixtureError("\(what): a corner's pan is 0 to \(panDegrees)° and its tilt 0 to \(tiltDegrees)°, not \(corner.pan)°, \(corner.tilt)°")
            }
        }
        // Convex, as an output's corners are: three in a line slip past the homography's own check by a rounding
        // (a determinant of 1e-12; typed with decimals, a cross product of 1e-13), and a crossed or folded
        // calibration points the head backwards.
        guard StageOutput.isConvex(calibration.map { OutputPoint($0.pan, $0.tilt) }, tolerance: 1e-9), toPanTilt?.inverse != nil else {
            throw FixtureError("\(what): its four corners' pan and tilt make no quadrilateral (three in a line, or two sides crossed?)")
        }
        guard slew.isFinite, Self.slews.contains(slew) else {
            throw FixtureError("\(what): a slew is 1 to 3600 degrees a second; \(slew) is not")
        }
        try follow.validate(what)
    }
}

/// A moving head's pan and tilt, in degrees from the ends of their travel.
public struct PanTilt: Hashable, Sendable, Codable {
    public var pan: Double
    public var tilt: Double

    public init(pan: Double, tilt: Double) {
        self.pan = pan
        self.tilt = tilt
    }
}

/// What a moving head's beam follows: a fixed point of the stage, the brightest light in an area of it, or the
/// oldest lumi still sounding of one of the eight chords.
public enum AimFollow: Hashable, Sendable {
    case point(StagePoint)
    case brightest(x: Double, y: Double, width: Double, height: Double)
    /// The chord by its pad, 1…8.
    case chord(Int)

    func validate(_ what: String) throws(FixtureError) {
        switch self {
        case .point(let point): try point.validate("\(what)'s aim")
        case .brightest(let x, let y, let width, let height):
            try FixturePlacement.area(x: x, y: y, width: width, height: height).validate("\(what)'s aim")
        case .chord(let chord):
            guard (1...8).contains(chord) else { throw FixtureError("\(what): an aim follows chord 1 to 8; \(chord) is not") }
        }
    }
}
