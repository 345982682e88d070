import Geometry

/// Intents in files and on the wire: one JSON object each, its kind in `"type"` and its values by name,
/// e.g. `{"type": "padDown", "pad": 2, "velocity": 0.8}`. docs/performance-log.md lists them all.
extension Intent: Codable {
    /// The `"type"` of every intent, in the order of the cases.
    public static let types = [
        "ribbonCenter", "ribbonRange", "ribbonStep", "pulse", "form", "motion", "feature", "padDown", "padUp", "tap",
        "stroke", "recallChord", "storeChord", "loadChordset", "fade", "erase", "trailPersistence", "tempo", "tapTempo",
        "headroom", "reviseChordset", "lumiCount", "lightDown", "lightUp", "heard", "soundResponse", "alignBeat",
        "polyphony", "chordPolyphony",
    ]

    private enum CodingKeys: String, CodingKey {
        case type, ribbon, value, widen, pulse, form, motion, edges, feature, setting, pad, velocity, at, points, chord, count
        case chordset, seconds, bpm, voice, heard, response, beat
    }

    public var type: String {
        switch self {
        case .ribbonCenter: "ribbonCenter"
        case .ribbonRange: "ribbonRange"
        case .ribbonStep: "ribbonStep"
        case .pulse: "pulse"
        case .form: "form"
        case .motion: "motion"
        case .feature: "feature"
        case .lumiCount: "lumiCount"
        case .padDown: "padDown"
        case .padUp: "padUp"
        case .lightDown: "lightDown"
        case .lightUp: "lightUp"
        case .tap: "tap"
        case .stroke: "stroke"
        case .recallChord: "recallChord"
        case .storeChord: "storeChord"
        case .loadChordset: "loadChordset"
        case .reviseChordset: "reviseChordset"
        case .fade: "fade"
        case .erase: "erase"
        case .trailPersistence: "trailPersistence"
        case .headroom: "headroom"
        case .tempo: "tempo"
        case .tapTempo: "tapTempo"
        case .heard: "heard"
        case .soundResponse: "soundResponse"
        case .alignBeat: "alignBeat"
        case .polyphony: "polyphony"
        case .chordPolyphony: "chordPolyphony"
        }
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let type = try c.decode(String.self, forKey: .type)
        switch type {
        case "ribbonCenter": self = .ribbonCenter(try c.decode(Ribbon.self, forKey: .ribbon), try c.decode(Double.self, forKey: .value))
        case "ribbonRange": self = .ribbonRange(try c.decode(Ribbon.self, forKey: .ribbon), try c.decode(Double.self, forKey: .value))
        case "ribbonStep": self = .ribbonStep(try c.decode(Ribbon.self, forKey: .ribbon), widen: try c.decode(Bool.self, forKey: .widen))
        case "pulse": self = .pulse(try c.decode(Pulse.self, forKey: .pulse))
        case "form": self = .form(try c.decode(Form.self, forKey: .form))
        case "motion": self = .motion(try c.decode(Motion.self, forKey: .motion), try c.decode(EdgeBehavior.self, forKey: .edges))
        case "feature":
            self = .feature(try c.decode(LumiFeature.self, forKey: .feature), try c.decode(FeatureSetting.self, forKey: .setting))
        case "lumiCount": self = .lumiCount(try c.decode(Int.self, forKey: .count))
        case "padDown": self = .padDown(pad: try c.decode(Int.self, forKey: .pad), velocity: try c.decode(Double.self, forKey: .velocity))
        case "padUp": self = .padUp(pad: try c.decode(Int.self, forKey: .pad))
        case "lightDown":
            self = .lightDown(
                voice: try c.decode(Int.self, forKey: .voice), chord: try c.decode(Chord.self, forKey: .chord),
                velocity: try c.decode(Double.self, forKey: .velocity))
        case "lightUp": self = .lightUp(voice: try c.decode(Int.self, forKey: .voice))
        case "tap": self = .tap(at: try c.decode(Point.self, forKey: .at), velocity: try c.decode(Double.self, forKey: .velocity))
        case "stroke": self = .stroke(try c.decode([Point].self, forKey: .points), velocity: try c.decode(Double.self, forKey: .velocity))
        case "recallChord": self = .recallChord(try c.decode(Int.self, forKey: .chord))
        case "storeChord": self = .storeChord(try c.decode(Int.self, forKey: .chord))
        case "loadChordset": self = .loadChordset(try c.decode(Chordset.self, forKey: .chordset))
        case "reviseChordset": self = .reviseChordset(try c.decode(Chordset.self, forKey: .chordset))
        case "fade": self = .fade(seconds: try c.decode(Double.self, forKey: .seconds))
        case "erase": self = .erase
        case "trailPersistence": self = .trailPersistence(try c.decode(Double.self, forKey: .value))
        case "headroom": self = .headroom(try c.decode(Double.self, forKey: .value))
        case "tempo": self = .tempo(beatsPerMinute: try c.decode(Double.self, forKey: .bpm))
        case "tapTempo": self = .tapTempo
        case "heard": self = .heard(try c.decode(Heard.self, forKey: .heard))
        case "soundResponse": self = .soundResponse(try c.decode(SoundResponse.self, forKey: .response))
        case "alignBeat": self = .alignBeat(try c.decode(Double.self, forKey: .beat))
        case "polyphony": self = .polyphony(try c.decode(Int.self, forKey: .count))
        case "chordPolyphony":
            self = .chordPolyphony(chord: try c.decode(Int.self, forKey: .chord), count: try c.decodeIfPresent(Int.self, forKey: .count))
        default: throw InstrumentError.unknownName("intent", type, known: Self.types)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(type, forKey: .type)
        switch self {
        case .ribbonCenter(let ribbon, let value), .ribbonRange(let ribbon, let value):
            try c.encode(ribbon, forKey: .ribbon)
            try c.encode(value, forKey: .value)
        case .ribbonStep(let ribbon, let widen):
            try c.encode(ribbon, forKey: .ribbon)
            try c.encode(widen, forKey: .widen)
        case .pulse(let pulse): try c.encode(pulse, forKey: .pulse)
        case .form(let form): try c.encode(form, forKey: .form)
        case .motion(let motion, let edges):
            try c.encode(motion, forKey: .motion)
            try c.encode(edges, forKey: .edges)
        case .feature(let feature, let setting):
            try c.encode(feature, forKey: .feature)
            try c.encode(setting, forKey: .setting)
        case .padDown(let pad, let velocity):
            try c.encode(pad, forKey: .pad)
            try c.encode(velocity, forKey: .velocity)
        case .padUp(let pad): try c.encode(pad, forKey: .pad)
        case .lightDown(let voice, let chord, let velocity):
            try c.encode(voice, forKey: .voice)
            try c.encode(chord, forKey: .chord)
            try c.encode(velocity, forKey: .velocity)
        case .lightUp(let voice): try c.encode(voice, forKey: .voice)
        case .lumiCount(let count): try c.encode(count, forKey: .count)
        case .tap(let point, let velocity):
            try c.encode(point, forKey: .at)
            try c.encode(velocity, forKey: .velocity)
        case .stroke(let points, let velocity):
            try c.encode(points, forKey: .points)
            try c.encode(velocity, forKey: .velocity)
        case .recallChord(let chord), .storeChord(let chord): try c.encode(chord, forKey: .chord)
        case .loadChordset(let chordset), .reviseChordset(let chordset): try c.encode(chordset, forKey: .chordset)
        case .fade(let seconds): try c.encode(seconds, forKey: .seconds)
        case .erase, .tapTempo: break
        case .trailPersistence(let value), .headroom(let value): try c.encode(value, forKey: .value)
        case .tempo(let bpm): try c.encode(bpm, forKey: .bpm)
        case .heard(let heard): try c.encode(heard, forKey: .heard)
        case .soundResponse(let response): try c.encode(response, forKey: .response)
        case .alignBeat(let beat): try c.encode(beat, forKey: .beat)
        case .polyphony(let count): try c.encode(count, forKey: .count)
        case .chordPolyphony(let chord, let count):
            try c.encode(chord, forKey: .chord)
            try c.encode(count, forKey: .count)  // null: no limit of its own
        }
    }
}
