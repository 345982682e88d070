import Geometry

/// The live state of a performance — the controls, the current chordset, the pads, the tempo and
/// everything released onto the canvas — and the domain rules that turn intents into new state.
///
/// A value type with no I/O and no clock of its own: the engine (an actor) holds one, applies intents
/// with their times, and asks for the scene at each tick. Replaying the same events gives the same state
/// and the same frames.
public struct PerformanceState: Sendable {
    /// What an applied intent changed, for the engine to tell its clients.
    public enum Aspect: Hashable, Sendable, CaseIterable {
        case colors, design, chordset, selectedChord, pads, canvas, tempo
        /// Sound was heard (a hundred times a second while listening).
        case heard
        /// How the performance answers the sound (`SoundResponse`).
        case listening
    }

    /// The most lumis alive at once; past this the oldest are let go.
    public static let maximumLiveLumis = 250_000
    /// The longest performance, in seconds (about 115 days): event times beyond it are refused and frames
    /// beyond it show the canvas as it stands then.
    public static let maximumTime = 1e7
    /// How fast lumis released by a stroke travel along it, in canvas heights per second.
    public static let strokeFollowSpeed = 0.35

    public let seed: UInt64
    /// The time of the latest event applied, in seconds since the performance began.
    public internal(set) var time: Double = 0
    public internal(set) var eventCount = 0
    public internal(set) var chordset: Chordset
    /// The colour panel: hue and purity selections.
    public internal(set) var colors: ColorSelection
    /// How the background plays the colour selection.
    public internal(set) var pulse: Pulse {
        didSet { follow(pulse) }
    }
    /// The lumi the form and motion panels design (its colour features come from `colors` when stored).
    public internal(set) var design: Lumi
    /// How many lumis a chord stored from the controls holds — the design, and copies of it round the
    /// canvas's middle — once the performer has said (`lumiCount`); nil: a stored chord keeps as many as it
    /// had (as every performance before the count did). Recalling a chord lets it go.
    public internal(set) var lumiCount: Int?
    /// The chord that taps and strokes play: the one last recalled.
    public internal(set) var selectedChord = 0
    public internal(set) var pads = TriggerPads()
    public internal(set) var tempo: Tempo
    public internal(set) var trailPersistence = 0.5
    /// How strongly the output stage keeps a full stage from burning out to white (0…1, `HeadroomLimiter`).
    public internal(set) var headroom = HeadroomLimiter.defaultStrength
    public internal(set) var erasures = 0
    /// The most lumis that sound at once (`PerformanceState+Polyphony`); nil: no limit, as a performance
    /// recorded before polyphony existed was played.
    public internal(set) var polyphony: Int?
    /// How many lumis have been stolen to keep within the polyphony.
    public internal(set) var stolenLumis = 0
    /// How the performance answers the sound beyond its followers.
    public internal(set) var soundResponse = SoundResponse()
    /// When an onset last released the selected chord (`SoundResponse.onsetGap`).
    var lastOnsetRelease: Double?
    /// The envelopes the followers of the sound read.
    var soundEnvelopes = SoundEnvelopes()

    var beatOrigin = (time: 0.0, beat: 0.0)
    /// Events prune the canvas at most this often (seconds of performance time); pruning never changes a
    /// frame, so when it happens is free to choose.
    static let pruneInterval = 0.25
    private var lastPrune = -Double.infinity
    /// When the background was faded (nil while it shows).
    var backgroundFade: (start: Double, duration: Double)?

    /// Every lumi design released so far, compiled, and its index by design.
    var lumiTable: [Lumi.Compiled] = []
    var lumiIndex: [Lumi: Int32] = [:]
    /// The strokes that lumis follow, indexed by their compiled motions.
    var strokes: [Stroke] = []
    public internal(set) var forms: [Form] = []
    var formIndex: [Form: Int32] = [:]

    var live: [LiveLumi] = []
    var rhythms: [RhythmicPress] = []
    var litPanes: [LitPane] = []

    /// A new performance on `chordset`, whose random streams derive from `seed`, with at most `polyphony` lumis
    /// sounding at once (nil: no limit).
    public init(chordset: Chordset, seed: UInt64 = 0x1_1A6E, tempo: Tempo = .standard, polyphony: Int? = nil) {
        self.chordset = chordset
        self.seed = seed
        self.tempo = tempo
        self.polyphony = polyphony.map { min(Self.polyphonyRange.upperBound, max(Self.polyphonyRange.lowerBound, $0)) }
        let first = chordset[0]
        colors = first.background
        pulse = first.pulse
        design = first.lumis.first ?? Lumi()
        if let strength = chordset.headroom { headroom = strength }
        follow(pulse)
    }

    /// What was heard last (silence before anything was).
    public var heard: Heard { soundEnvelopes.last }

    /// How many onsets have been heard.
    public var heardOnsets: Int { soundEnvelopes.onsets }
    /// How many envelopes of the sound followers read (at most `SoundEnvelopes.shapesPerSource` a source).
    public var soundEnvelopeCount: Int { soundEnvelopes.shapes.count }

    /// How many lumis are on the canvas (held, decaying, or released by a held rhythm's past steps are
    /// not counted until they are released).
    public var liveLumiCount: Int { live.count }

    /// The global beat count at `time` (seconds), at the current tempo since its last change.
    @inline(__always)
    public func beat(at time: Double) -> Double {
        beatOrigin.beat + (time - beatOrigin.time) * tempo.beatsPerSecond
    }

    /// The time (seconds) at which the global beat count reaches `beat`, at the current tempo.
    @inline(__always)
    public func time(atBeat beat: Double) -> Double {
        beatOrigin.time + (beat - beatOrigin.beat) / tempo.beatsPerSecond
    }

    /// Applies one event. Its time must not be earlier than the last event's; the intent is validated
    /// first, and if anything is wrong an `InstrumentError` is thrown and the state is unchanged.
    @discardableResult
    public mutating func apply(_ event: PerformanceEvent) throws(InstrumentError) -> Set<Aspect> {
        _ = try event.time.checked("event time (s)", in: 0...Self.maximumTime)
        guard event.time >= time else {
            throw .invalid("event at \(event.time) s comes before the last one (\(time) s); events must be in time order")
        }
        try event.intent.validate()
        if case .reviseChordset(let revised) = event.intent, revised.id != chordset.id {
            throw .invalid("the chordset \"\(revised.title)\" is not the one playing; load it instead of revising it")
        }
        if event.time >= lastPrune + Self.pruneInterval { prune(at: event.time) }
        time = event.time
        eventCount += 1
        return perform(event.intent, at: event.time)
    }

    /// Lets go of everything that can no longer be seen at `time` (finished envelopes, finished fades).
    /// Changes no frame from `time` on: only what would draw nothing is removed.
    public mutating func prune(at time: Double) {
        lastPrune = time
        live.removeAll { lumi in
            let age = time - lumi.releaseTime
            return lumiTable[Int(lumi.template)].envelope.isFinished(age: age, noteOff: lumi.noteOffAge)
                || time >= lumi.fadeStart + lumi.fadeDuration
        }
        litPanes.removeAll { pane in
            time - pane.litTime >= pane.offAge + LitPane.envelope.release || time >= pane.fadeStart + pane.fadeDuration
        }
        rhythms.removeAll { press in
            let stepSeconds = press.rhythm.step / tempo.beatsPerSecond
            return time >= press.upTime + press.rhythm.gate * stepSeconds + press.longestRelease
                || time >= press.fadeStart + press.fadeDuration
        }
    }

    private mutating func perform(_ intent: Intent, at time: Double) -> Set<Aspect> {
        switch intent {
        case .ribbonCenter, .ribbonRange, .ribbonStep:
            return moveRibbon(intent)
        case .pulse(let newPulse):
            pulse = newPulse
            return [.colors]
        case .form(let form):
            design.form = form
            return [.design]
        case .motion(let motion, let edges):
            design.motion = motion
            design.edges = edges
            return [.design]
        case .feature(let feature, let setting):
            design.features[feature] = setting
            return [.design]
        case .lumiCount(let count):
            lumiCount = count
            return [.design]
        case .padDown, .padUp, .lightDown, .lightUp, .tap, .stroke:
            return play(intent, at: time)
        case .recallChord(let position):
            recall(position)
            wakeBackground()
            return [.colors, .design, .selectedChord]
        case .storeChord(let position):
            store(position)
            return [.chordset]
        case .loadChordset(let newChordset):
            return load(newChordset)
        case .reviseChordset(let revised):
            chordset = revised
            return [.chordset]
        case .fade, .erase, .trailPersistence, .headroom:
            return changeCanvas(intent, at: time)
        case .tempo(let bpm):
            retime(at: time) { tempo in try? tempo.set(beatsPerMinute: bpm) }  // validated with the intent
            return [.tempo]
        case .tapTempo:
            retime(at: time) { tempo in _ = try? tempo.tap(at: time) }  // the event time is checked by apply()
            return [.tempo]
        case .heard(let heard):
            return hear(heard, at: time)
        case .soundResponse(let response):
            // A response that does not say its gap keeps the one playing.
            let gap = response.onsetGap ?? soundResponse.onsetGap
            soundResponse = response
            soundResponse.onsetGap = gap
            return [.listening]
        case .polyphony(let count):
            return setPolyphony(count, at: time)
        case .chordPolyphony(let position, let count):
            var chord = chordset[position]
            chord.polyphony = count
            try? chordset.store(chord)  // validated with the intent
            return [.chordset]
        case .alignBeat(let beat):
            beatOrigin = (time, beat)
            return [.tempo]
        }
    }

    /// A ribbon dragged, ranged or stepped. Ribbon values were checked by `Intent.validate()`, so the ribbon
    /// setters cannot throw here.
    private mutating func moveRibbon(_ intent: Intent) -> Set<Aspect> {
        switch intent {
        case .ribbonCenter(let ribbon, let value):
            try? modifyRibbon(ribbon) { (selection) throws(InstrumentError) in try selection.drag(to: value) }  // validated with the intent
        case .ribbonRange(let ribbon, let value):
            try? modifyRibbon(ribbon) { (selection) throws(InstrumentError) in try selection.setRange(value) }  // validated with the intent
        case .ribbonStep(let ribbon, let widen):
            // Widening and narrowing never throw.
            try? modifyRibbon(ribbon) { selection in if widen { selection.widen() } else { selection.narrow() } }
        default:
            return []
        }
        wakeBackground()
        return [.colors]
    }

    /// What releases and lets go of lumis: pads, a composition's light voices, taps and strokes.
    private mutating func play(_ intent: Intent, at time: Double) -> Set<Aspect> {
        switch intent {
        case .padDown(let pad, let velocity):
            pressPad(pad, velocity: velocity, at: time)
            return [.pads, .canvas]
        case .padUp(let pad):
            releasePad(pad, at: time)
            return [.pads, .canvas]
        case .lightDown(let voice, let chord, let velocity):
            let key = Self.key(ofLightVoice: voice)
            letGo(key: key, at: time)
            wakeBackground()
            press(chord, key: key, velocity: velocity, at: time)
        case .lightUp(let voice):
            letGo(key: Self.key(ofLightVoice: voice), at: time)
        case .tap(let fraction, let velocity):
            wakeBackground()
            release(chordset[selectedChord], at: time, velocity: velocity, around: Canvas.point(atFraction: fraction))
        case .stroke(let fractions, let velocity):
            wakeBackground()
            let points = fractions.map(Canvas.point(atFraction:))
            if let stroke = try? Stroke(points: points) {  // validated with the intent
                release(chordset[selectedChord], at: time, velocity: velocity, around: points[0], following: stroke)
            }
        default:
            return []
        }
        return [.canvas]
    }

    /// A chordset loaded: the pads take its chords, the first selected. A chordset that says its headroom
    /// brings it; one that does not leaves the performer's.
    private mutating func load(_ newChordset: Chordset) -> Set<Aspect> {
        chordset = newChordset
        selectedChord = 0
        guard let strength = newChordset.headroom else { return [.chordset, .selectedChord] }
        headroom = strength
        return [.chordset, .selectedChord, .canvas]
    }

    /// The canvas faded, erased, its trails and its output stage set.
    private mutating func changeCanvas(_ intent: Intent, at time: Double) -> Set<Aspect> {
        switch intent {
        case .fade(let seconds):
            fadeCanvas(at: time, over: seconds)
        case .erase:
            fadeCanvas(at: time, over: 0)
            erasures += 1
            prune(at: time)
        case .trailPersistence(let value):
            trailPersistence = value
        case .headroom(let value):
            headroom = value
        default:
            return []
        }
        return [.canvas]
    }

    private mutating func modifyRibbon(
        _ ribbon: Intent.Ribbon, _ change: (inout RibbonSelection) throws(InstrumentError) -> Void
    ) throws(InstrumentError) {
        switch ribbon {
        case .hue: try change(&colors.hue)
        case .purity: try change(&colors.purity)
        }
    }

    mutating func retime(at time: Double, _ change: (inout Tempo) -> Void) {
        beatOrigin = (time, beat(at: time))
        change(&tempo)
    }

    mutating func wakeBackground() { backgroundFade = nil }

    /// The background's fade level at `time`.
    func backgroundLevel(at time: Double) -> Double {
        guard let fade = backgroundFade else { return 1 }
        return fadeLevel(at: time, start: fade.start, duration: fade.duration)
    }

    private mutating func fadeCanvas(at time: Double, over seconds: Double) {
        for index in live.indices where live[index].fadeStart == .infinity {
            live[index].fadeStart = time
            live[index].fadeDuration = seconds
        }
        for index in rhythms.indices where rhythms[index].fadeStart == .infinity {
            rhythms[index].fadeStart = time
            rhythms[index].fadeDuration = seconds
        }
        for index in litPanes.indices where litPanes[index].fadeStart == .infinity {
            litPanes[index].fadeStart = time
            litPanes[index].fadeDuration = seconds
        }
        backgroundFade = (time, seconds)
    }
}
