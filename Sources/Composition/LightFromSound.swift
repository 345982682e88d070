import UserText

/// `lightFromSound`: the scores of light voices in a part written from a sound that plays there — each event
/// on a cue of what its light follows, to the tick, lasting until the next cue or a beat, whichever is
/// shorter, as loud as the cue is strong (at least `faintestGain`). With `newLights`, four light voices are made
/// for it first.
public struct LightFromSound: Hashable, Sendable {
    public var part: PartID
    /// The voice whose sound (in this part) is heard: an atomic voice that plays a sound, or a composed one
    /// with sounds under it.
    public var sound: VoiceID
    public var lights: [SoundLight]
    public var newLights: NewLights?
    /// The sensitivity of the lights that give none of their own (and of the new lights).
    public var sensitivity: Double

    /// The most lights one edit writes.
    public static let mostLights = 64
    /// The least gain a kept cue lights with: a light kept is seen, even on a beat where nothing was heard.
    public static let faintestGain = 0.25

    public init(part: PartID, sound: VoiceID, lights: [SoundLight], newLights: NewLights? = nil, sensitivity: Double = 0.5) {
        self.part = part
        self.sound = sound
        self.lights = lights
        self.newLights = newLights
        self.sensitivity = sensitivity
    }
}

/// One light voice `lightFromSound` writes: what it follows, and how much of it (`HeardSound.cues`).
public struct SoundLight: Hashable, Sendable {
    public var voice: VoiceID
    public var follow: LightFollow
    /// 0…1; nil: the edit's.
    public var sensitivity: Double?

    public init(voice: VoiceID, follow: LightFollow, sensitivity: Double? = nil) {
        self.voice = voice
        self.follow = follow
        self.sensitivity = sensitivity
    }
}

/// The lights `lightFromSound` makes: a composed voice "Lights" of four light voices on chords 1–4 of
/// `chordset` — Beats, Onsets, Low, High — under `parent`, or, without one, beside the sound voice under a
/// new root voice "… with lights".
public struct NewLights: Hashable, Sendable {
    public var chordset: String
    public var parent: VoiceID?

    public init(chordset: String, parent: VoiceID? = nil) {
        self.chordset = chordset
        self.parent = parent
    }

    /// The four new voices: their names and what each follows, on chords 1–4 in this order.
    public static let voices: [(name: String, follow: LightFollow)] = [("Beats", .beats), ("Onsets", .onsets), ("Low", .low), ("High", .high)]
}

/// How `lightFromSound` finds what a pair's sound is heard as: the pair (an atomic part × the sound's voice)
/// in the library as it stands when the edit is applied.
public typealias SoundHearing = (Pair, MusicLibrary) throws -> HeardSound

extension MusicLibrary {
    /// Applies `request`, hearing the sound with `hearing`: the voice to select (the new lights' parent) and
    /// the new voices (Lights, then its four) when it made lights. Refused, changing nothing, when the part is
    /// not atomic, the voice plays no sound in it, a light is not a light voice, or a value is out of range.
    public mutating func lightFromSound(_ request: LightFromSound, hearing: SoundHearing) throws(CompositionError) -> MusicEditResult {
        try checkSoundPair(part: request.part, sound: request.sound)
        try Self.checkSensitivity(request.sensitivity)
        guard !request.lights.isEmpty || request.newLights != nil else {
            throw CompositionError("name the light voices to write (lights), or ask for new lights (newLights)")
        }
        guard request.lights.count <= LightFromSound.mostLights else {
            throw CompositionError("at most \(LightFromSound.mostLights) lights at once; this names \(request.lights.count)")
        }
        var library = self
        var lights = request.lights
        var result = MusicEditResult()
        if let newLights = request.newLights {
            let made = try library.makeLights(newLights, beside: request.sound)
            lights += zip(made.voices, NewLights.voices).map { SoundLight(voice: $0, follow: $1.follow) }
            result = MusicEditResult(id: made.select.rawValue, ids: ([made.lights] + made.voices).map(\.rawValue))
        }
        try library.checkLights(lights)
        let heard = try library.heard(Pair(request.part, request.sound), with: hearing)
        let part = try library.part(request.part)
        for light in lights {
            let cues = heard.cues(light.follow, sensitivity: light.sensitivity ?? request.sensitivity)
            try library.setEvents(try Self.events(on: cues, in: part), of: Pair(part.id, light.voice))
        }
        self = library
        return result
    }

    /// The events lit on `cues` in `part`: each from its cue's tick to the next cue's or one beat on, whichever
    /// is sooner, within the part, its gain the cue's strength (at least `faintestGain`); two cues on one tick
    /// are one.
    static func events(on cues: [SoundCue], in part: Part) throws(CompositionError) -> [ScoreEvent] {
        var starts: [(tick: Int, gain: Double)] = []
        for cue in cues {
            let tick = Int((cue.seconds * part.tempo / 60 * Double(MusicalTime.ticksPerBeat)).rounded())
            guard tick >= 0, tick < part.length else { continue }
            if let last = starts.last, last.tick >= tick { continue }
            starts.append((tick, max(cue.strength, LightFromSound.faintestGain)))
        }
        var events: [ScoreEvent] = []
        for (index, start) in starts.enumerated() {
            let next = index + 1 < starts.count ? starts[index + 1].tick : part.length
            let end = min(next, start.tick + MusicalTime.ticksPerBeat, part.length)
            events.append(try ScoreEvent(start: start.tick, length: end - start.tick, gain: min(1, max(0, start.gain))))
        }
        return events
    }

    /// Refuses a part that is not atomic and a voice that plays no sound in it.
    public func checkSoundPair(part: PartID, sound: VoiceID) throws(CompositionError) {
        let node = try self.part(part), voice = try self.voice(sound)
        guard node.isAtomic else {
            throw CompositionError("\(node.name) is made of parts: light and tempo from sound work on one atomic part at a time")
        }
        let laidOut = try Arrangement(of: Pair(part, sound), in: self, sampleRate: 1000)
        guard !laidOut.sounds.isEmpty else { throw CompositionError("\(voice.name) plays no sound in \(node.name)") }
    }

    static func checkSensitivity(_ sensitivity: Double) throws(CompositionError) {
        _ = try sensitivity.checked("a sensitivity", in: 0...1)
    }

    /// Refuses a light that is not an atomic voice playing a light, one named twice, or a bad sensitivity.
    func checkLights(_ lights: [SoundLight]) throws(CompositionError) {
        var seen = Set<VoiceID>()
        for light in lights {
            let voice = try self.voice(light.voice)
            guard case .light = voice.sound, voice.isAtomic else {
                throw CompositionError("\(voice.name) has no light: give it a chord (Light) first")
            }
            guard seen.insert(light.voice).inserted else { throw CompositionError("\(voice.name) is named twice") }
            if let sensitivity = light.sensitivity { try Self.checkSensitivity(sensitivity) }
        }
    }

    /// What `pair`'s sound is heard as, any failure said as the edit's refusal.
    func heard(_ pair: Pair, with hearing: SoundHearing) throws(CompositionError) -> HeardSound {
        do { return try hearing(pair, self) } catch let error as CompositionError { throw error } catch {
            throw CompositionError("the sound could not be heard: \(error)")
        }
    }

    /// Makes `newLights`' voices: the voice to select, the composed "Lights" and its four light voices.
    mutating func makeLights(_ newLights: NewLights, beside sound: VoiceID) throws(CompositionError) -> (select: VoiceID, lights: VoiceID, voices: [VoiceID]) {
        let lights = try addVoice(named: "Lights")
        var voices: [VoiceID] = []
        for (chord, made) in NewLights.voices.enumerated() {
            let voice = try addVoice(named: made.name, sound: .light(try ChordReference(chordset: newLights.chordset, chord: chord)))
            try add(voice: voice, to: lights)
            voices.append(voice)
        }
        if let parent = newLights.parent {
            try add(voice: lights, to: parent)
            return (parent, lights, voices)
        }
        let name = try voice(sound).name
        let together = try addVoice(named: String("\(name) with lights".prefix(UserText.maximumLength)))
        try add(voice: sound, to: together)
        try add(voice: lights, to: together)
        return (together, lights, voices)
    }
}
