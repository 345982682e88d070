import Geometry

// The pieces of a performance still sounding — lumis, held rhythms, lit panes — as a checkpoint writes them
// down and reads them back: every number checked, every key one the state has.

extension LiveLumi: Codable {
    private enum CodingKeys: String, CodingKey {
        case template, pad, releaseTime, noteOffAge, fadeStart, fadeDuration, velocity, origin, seed, releaser
    }

    // A lumi still held, or not faded, has an infinite note-off or fade start; JSON has no infinity, so
    // those are left out.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(template, forKey: .template)
        try container.encode(pad, forKey: .pad)
        try container.encode(releaseTime, forKey: .releaseTime)
        try container.encode(finite: noteOffAge, forKey: .noteOffAge)
        try container.encode(finite: fadeStart, forKey: .fadeStart)
        try container.encode(fadeDuration, forKey: .fadeDuration)
        try container.encode(velocity, forKey: .velocity)
        try container.encode(origin, forKey: .origin)
        try container.encode(seed, forKey: .seed)
        try container.encode(releaser, forKey: .releaser)
    }

    // A checkpoint from before chords had a polyphony does not say whose release a lumi is: -1.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            template: try container.decode(Int32.self, forKey: .template), pad: try container.decode(Int8.self, forKey: .pad),
            releaseTime: try container.decode(Double.self, forKey: .releaseTime),
            noteOffAge: try container.decodeFinite(forKey: .noteOffAge),
            fadeStart: try container.decodeFinite(forKey: .fadeStart),
            fadeDuration: try container.decode(Double.self, forKey: .fadeDuration),
            velocity: try container.decode(Double.self, forKey: .velocity), origin: try container.decode(Point.self, forKey: .origin),
            seed: try container.decode(UInt64.self, forKey: .seed),
            releaser: try container.decodeIfPresent(Int8.self, forKey: .releaser) ?? -1)
    }

    func validate() throws(InstrumentError) {
        try CheckedPiece.key(pad)
        guard PerformanceState.keys.contains(releaser) else {
            throw .invalid("a checkpoint says a lumi is the release of \(releaser); there is no such chord or light voice")
        }
        try CheckedPiece.moments(releaseTime, fadeDuration, velocity, origin.x, origin.y)
        try CheckedPiece.moments(noteOffAge, fadeStart, allowingInfinity: true)
    }
}

extension RhythmicPress: Codable {
    private enum CodingKeys: String, CodingKey {
        case pad, templates, rhythm, downTime, upTime, velocity, seed, longestRelease, fadeStart, fadeDuration
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(pad, forKey: .pad)
        try container.encode(templates, forKey: .templates)
        try container.encode(rhythm, forKey: .rhythm)
        try container.encode(downTime, forKey: .downTime)
        try container.encode(finite: upTime, forKey: .upTime)
        try container.encode(velocity, forKey: .velocity)
        try container.encode(seed, forKey: .seed)
        try container.encode(longestRelease, forKey: .longestRelease)
        try container.encode(finite: fadeStart, forKey: .fadeStart)
        try container.encode(fadeDuration, forKey: .fadeDuration)
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            pad: try container.decode(Int8.self, forKey: .pad), templates: try container.decode([Int32].self, forKey: .templates),
            rhythm: try container.decode(Rhythm.self, forKey: .rhythm), downTime: try container.decode(Double.self, forKey: .downTime),
            upTime: try container.decodeFinite(forKey: .upTime), velocity: try container.decode(Double.self, forKey: .velocity),
            seed: try container.decode(UInt64.self, forKey: .seed),
            longestRelease: try container.decode(Double.self, forKey: .longestRelease),
            fadeStart: try container.decodeFinite(forKey: .fadeStart), fadeDuration: try container.decode(Double.self, forKey: .fadeDuration))
    }

    func validate() throws(InstrumentError) {
        try CheckedPiece.key(pad)
        guard pad >= 0 else { throw .invalid("a held rhythm belongs to a pad") }
        try rhythm.validate()
        try CheckedPiece.moments(downTime, velocity, longestRelease, fadeDuration)
        try CheckedPiece.moments(upTime, fadeStart, allowingInfinity: true)
    }
}

extension LitPane: Codable {
    private enum CodingKeys: String, CodingKey {
        case pad, background, pulse, frames, litTime, offAge, velocity, fadeStart, fadeDuration
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(pad, forKey: .pad)
        try container.encode(background, forKey: .background)
        try container.encode(pulse, forKey: .pulse)
        try container.encode(frames, forKey: .frames)
        try container.encode(litTime, forKey: .litTime)
        try container.encode(finite: offAge, forKey: .offAge)
        try container.encode(velocity, forKey: .velocity)
        try container.encode(finite: fadeStart, forKey: .fadeStart)
        try container.encode(fadeDuration, forKey: .fadeDuration)
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            pad: try container.decode(Int8.self, forKey: .pad), background: try container.decode(ColorSelection.self, forKey: .background),
            pulse: try container.decode(Pulse.self, forKey: .pulse), frames: try container.decode([Rect].self, forKey: .frames),
            litTime: try container.decode(Double.self, forKey: .litTime), offAge: try container.decodeFinite(forKey: .offAge),
            velocity: try container.decode(Double.self, forKey: .velocity), fadeStart: try container.decodeFinite(forKey: .fadeStart),
            fadeDuration: try container.decode(Double.self, forKey: .fadeDuration))
    }

    func validate() throws(InstrumentError) {
        try CheckedPiece.key(pad)
        try pulse.validate()
        guard frames.count <= 64 else { throw .invalid("a lit chord has at most 64 panes") }
        for frame in frames {
            try CheckedPiece.moments(frame.origin.x, frame.origin.y, frame.size.width, frame.size.height)
        }
        try CheckedPiece.moments(litTime, velocity, fadeDuration)
        try CheckedPiece.moments(offAge, fadeStart, allowingInfinity: true)
    }
}

/// The checks every piece of a checkpoint passes: its key, and numbers a show can hold.
private enum CheckedPiece {
    /// A key in a checkpoint: one of the eight pads, a composition's light voice, or -1 for a lumi nobody holds.
    static func key(_ pad: Int8) throws(InstrumentError) {
        guard PerformanceState.keys.contains(pad) else { throw .invalid("a checkpoint names pad \(pad); there is no such pad") }
    }

    /// Numbers a checkpoint holds — moments, lengths, velocities: within ±`maximumTime` (or, where a moment
    /// has not come yet, positive infinity), so that nothing computed from them overflows.
    static func moments(_ values: Double..., allowingInfinity: Bool = false) throws(InstrumentError) {
        let range = -PerformanceState.maximumTime...PerformanceState.maximumTime
        for value in values where !(range.contains(value) || (allowingInfinity && value == .infinity)) {
            throw .invalid("a checkpoint holds a number out of range (\(value))")
        }
    }
}

extension KeyedEncodingContainer {
    /// Writes `value` if it is finite, and nothing for infinity (JSON has none).
    fileprivate mutating func encode(finite value: Double, forKey key: Key) throws {
        if value.isFinite { try encode(value, forKey: key) }
    }
}

extension KeyedDecodingContainer {
    /// A number written by `encode(finite:forKey:)`: infinity when it was left out.
    fileprivate func decodeFinite(forKey key: Key) throws -> Double {
        try decodeIfPresent(Double.self, forKey: key) ?? .infinity
    }
}
