import Geometry

/// Something a performer asks of the instrument — from the console, a key, a pad, MIDI or OSC. Every
/// intent is validated before it changes anything, and logged with its time.
public enum Intent: Hashable, Sendable {
    /// Which colour ribbon an intent addresses.
    public enum Ribbon: String, Hashable, Sendable, Codable, CaseIterable { case hue, purity }

    /// A drag on a ribbon: its centre follows the finger (a fraction of the ribbon, clamped).
    case ribbonCenter(Ribbon, Double)
    /// A fader or OSC value for a ribbon's range (0…1, rounded to 0.01).
    case ribbonRange(Ribbon, Double)
    /// One pinch or wheel step on a ribbon: wider (true) or narrower.
    case ribbonStep(Ribbon, widen: Bool)
    /// How the canvas background pulses through the colour ranges.
    case pulse(Pulse)
    /// The form panel's form, for the lumis the performer designs and stores.
    case form(Form)
    /// The motion panel's motion and edge behaviour.
    case motion(Motion, EdgeBehavior)
    /// One feature of the lumi being designed.
    case feature(LumiFeature, FeatureSetting)
    /// How many lumis a chord stored from the controls holds (1…`Chord.maximumLumis`).
    case lumiCount(Int)
    /// A pad pressed (1…8 on the console are 0…7 here) with a velocity 0…1.
    case padDown(pad: Int, velocity: Double)
    case padUp(pad: Int)
    /// A composition's visual voice (0…`lightVoices` − 1) lights `chord`: its lumis released as a pad releases
    /// them, with a velocity 0…1, and held until the voice lets go (or lights again). The chord travels with
    /// the intent, so that a log replays it whatever the library holds later.
    case lightDown(voice: Int, chord: Chord, velocity: Double)
    /// The visual voice lets its chord go.
    case lightUp(voice: Int)
    /// A tap on the canvas at fractions (0…1 across, 0…1 down): releases the selected chord's lumis there.
    case tap(at: Point, velocity: Double)
    /// A stroke drawn on the canvas (fractions): the selected chord's lumis are released to follow it.
    case stroke([Point], velocity: Double)
    /// Recall chord 0…7: the colour, form and motion controls take its settings; taps play it.
    case recallChord(Int)
    /// Store the current colour, form and motion settings into chord 0…7 (shift-store).
    case storeChord(Int)
    /// Make this the current chordset (its chords go to the pads).
    case loadChordset(Chordset)
    /// The chordset playing, as the library now holds it (renamed, its chords reordered): the pads take its
    /// chords; the controls, the selected chord and the headroom stay. Refused for another chordset.
    case reviseChordset(Chordset)
    /// Fade everything on the canvas out over so many seconds (0…600).
    case fade(seconds: Double)
    /// Clear the canvas at once, trails included.
    case erase
    /// How much of the trail layer survives each second (0…1).
    case trailPersistence(Double)
    /// How strongly the output stage keeps a full stage from burning out to white: 0 (today's look, light
    /// clips) to 1 (fully on).
    case headroom(Double)
    case tempo(beatsPerMinute: Double)
    case tapTempo
    /// The global beat count is `beat` at this moment (the tempo goes on): how the instrument's beat is put
    /// in phase with a session it keeps time with (Ableton Link).
    case alignBeat(Double)
    /// What the listening analysis heard in the last hundredth of a second (it sends one a hop).
    case heard(Heard)
    /// Whether the tempo follows the tempo heard, and whether onsets release the selected chord.
    case soundResponse(SoundResponse)
    /// The most lumis that sound at once (`PerformanceState.polyphonyRange`): past it the oldest are stolen.
    case polyphony(Int)
    /// How many releases chord 0…7 of the playing chordset may sound at once (`Chord.polyphonyRange`; nil:
    /// no limit of its own), from its next release on; the chord is saved in the library as a stored one is.
    case chordPolyphony(chord: Int, count: Int?)

    /// Checks every value; throws an `InstrumentError` naming the first problem. Nothing is changed.
    public func validate() throws(InstrumentError) {
        switch self {
        case .ribbonCenter(_, let value): _ = try value.checked("ribbon centre", in: -1e6...1e6)
        case .ribbonRange(_, let value): _ = try value.checked("ribbon range", in: -1e6...1e6)
        case .ribbonStep: break
        case .pulse(let pulse): try pulse.validate()
        case .form(let form): try form.validate()
        case .motion(let motion, _): try motion.validate()
        case .feature(let feature, let setting): try LumiFeatures.validate(setting, of: feature)
        case .lumiCount(let count):
            guard (1...Chord.maximumLumis).contains(count) else {
                throw .invalid("a chord holds 1 to \(Chord.maximumLumis) lumis, not \(count)")
            }
        case .padDown(let pad, let velocity):
            try TriggerPads.validate(pad: pad)
            _ = try velocity.checked("velocity", in: 0...1)
        case .padUp(let pad): try TriggerPads.validate(pad: pad)
        case .lightDown(let voice, let chord, let velocity):
            try Self.validate(lightVoice: voice)
            try chord.validate()
            _ = try velocity.checked("velocity", in: 0...1)
        case .lightUp(let voice): try Self.validate(lightVoice: voice)
        case .tap(let point, let velocity):
            try Self.validate(fraction: point)
            _ = try velocity.checked("velocity", in: 0...1)
        case .stroke(let points, let velocity):
            _ = try velocity.checked("velocity", in: 0...1)
            guard !points.isEmpty, points.count <= Stroke.maximumPoints else {
                throw .invalid("a stroke has 1 to \(Stroke.maximumPoints) points; this one has \(points.count)")
            }
            for point in points { try Self.validate(fraction: point) }
        case .recallChord(let position), .storeChord(let position), .chordPolyphony(let position, nil):
            try Self.validate(chord: position)
        case .chordPolyphony(let position, let count?):
            try Self.validate(chord: position)
            let range = Chord.polyphonyRange
            guard range.contains(count) else {
                throw .invalid("a chord's polyphony is \(range.lowerBound) to \(range.upperBound) releases at once, not \(count)")
            }
        case .loadChordset(let chordset), .reviseChordset(let chordset): try chordset.validate()
        case .fade(let seconds): _ = try seconds.checked("fade time (s)", in: 0...600)
        case .erase, .tapTempo: break
        case .soundResponse(let response): try response.validate()
        case .heard(let heard): try heard.validate()
        case .alignBeat(let beat): _ = try beat.checked("beat", in: -1e12...1e12)
        case .polyphony(let count):
            let range = PerformanceState.polyphonyRange
            guard range.contains(count) else {
                throw .invalid("polyphony is \(range.lowerBound) to \(range.upperBound) lumis, not \(count)")
            }
        case .trailPersistence(let value): _ = try value.checked("trail persistence", in: 0...1)
        case .headroom(let value): _ = try value.checked("headroom", in: 0...1)
        case .tempo(let bpm): _ = try bpm.checked("tempo (BPM)", in: Tempo.range)
        }
    }

    /// The chord of the playing chordset this intent changes, to be saved in the library: one stored, or its
    /// polyphony set.
    public var chordToSave: Int? {
        switch self {
        case .storeChord(let position), .chordPolyphony(let position, _): position
        default: nil
        }
    }

    /// How many visual voices of a composition may light chords at once.
    public static let lightVoices = 64

    private static func validate(chord position: Int) throws(InstrumentError) {
        guard (0..<Chordset.chordCount).contains(position) else {
            throw .invalid("there is no chord \(position); chords are numbered 0 to \(Chordset.chordCount - 1)")
        }
    }

    private static func validate(lightVoice voice: Int) throws(InstrumentError) {
        guard (0..<lightVoices).contains(voice) else { throw .invalid("there is no light voice \(voice); they are numbered 0 to \(lightVoices - 1)") }
    }

    private static func validate(fraction point: Point) throws(InstrumentError) {
        _ = try point.x.checked("canvas x", in: -0.5...1.5)
        _ = try point.y.checked("canvas y", in: -0.5...1.5)
    }
}

/// An intent and the moment it happened, in seconds since the performance began.
public struct PerformanceEvent: Hashable, Sendable, Codable {
    public var time: Double
    public var intent: Intent

    public init(time: Double, intent: Intent) {
        self.time = time
        self.intent = intent
    }
}
