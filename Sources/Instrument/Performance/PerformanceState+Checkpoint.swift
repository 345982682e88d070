import Geometry

/// A checkpoint: the whole live state written down, so that a recording can start from the moment it is
/// started rather than replay everything played since the engine started. A checkpoint read back draws
/// the same frames as the state it was taken from.
///
/// Read defensively: a checkpoint comes from a file a user may have edited or a crash may have cut, so
/// every number is checked and every index is checked against the table it points into; anything wrong
/// is refused with an `InstrumentError`, never trusted.
extension PerformanceState: Codable {
    private enum CodingKeys: String, CodingKey {
        case seed, time, eventCount, chordset, colors, pulse, design, selectedChord, pads, tempo, trailPersistence
        case headroom, lumiCount, erasures, beatOrigin, backgroundFade, forms, designs, live, rhythms, litPanes
        case listening, polyphony, stolenLumis
    }

    /// What the performance has heard and how it answers: written only once it listens.
    private struct Listening: Codable {
        struct Envelope: Codable {
            var shape: SoundEnvelopes.Shape
            var value: Double
        }

        var response: SoundResponse
        var envelopes: [Envelope]
        var heardAt: Double?
        var last: Heard
        var onsets: Int
        /// When an onset last released the selected chord.
        var lastOnsetRelease: Double?
    }

    /// A moment and the beat count (or fade length) that goes with it.
    private struct Mark: Codable {
        var time: Double
        var value: Double
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(seed, forKey: .seed)
        try container.encode(time, forKey: .time)
        try container.encode(eventCount, forKey: .eventCount)
        try container.encode(chordset, forKey: .chordset)
        try container.encode(colors, forKey: .colors)
        try container.encode(pulse, forKey: .pulse)
        try container.encode(design, forKey: .design)
        try container.encodeIfPresent(lumiCount, forKey: .lumiCount)
        try container.encode(selectedChord, forKey: .selectedChord)
        try container.encode(pads, forKey: .pads)
        try container.encode(tempo, forKey: .tempo)
        try container.encode(trailPersistence, forKey: .trailPersistence)
        try container.encode(headroom, forKey: .headroom)
        try container.encodeIfPresent(polyphony, forKey: .polyphony)
        if stolenLumis > 0 { try container.encode(stolenLumis, forKey: .stolenLumis) }
        try container.encode(erasures, forKey: .erasures)
        try container.encode(Mark(time: beatOrigin.time, value: beatOrigin.beat), forKey: .beatOrigin)
        try container.encodeIfPresent(backgroundFade.map { Mark(time: $0.start, value: $0.duration) }, forKey: .backgroundFade)
        // The form table is written whole and in order (scenes name forms by their place in it, so it reads
        // back the same). Of the lumi table — every design played since the start, which a long show grows —
        // only the designs still on the canvas are written, numbered afresh in table order.
        if soundEnvelopes != SoundEnvelopes() || soundResponse != SoundResponse() || lastOnsetRelease != nil {
            try container.encode(Listening(
                response: soundResponse,
                envelopes: zip(soundEnvelopes.shapes, soundEnvelopes.values).map { Listening.Envelope(shape: $0, value: $1) },
                heardAt: soundEnvelopes.heardAt, last: soundEnvelopes.last, onsets: soundEnvelopes.onsets,
                lastOnsetRelease: lastOnsetRelease), forKey: .listening)
        }
        try container.encode(forms, forKey: .forms)
        var designOf = [Lumi?](repeating: nil, count: lumiTable.count)
        for (lumi, index) in lumiIndex { designOf[Int(index)] = lumi }
        let used = Set(live.map(\.template)).union(rhythms.flatMap(\.templates)).sorted()
        var renumbered: [Int32: Int32] = [:]
        for (new, old) in used.enumerated() { renumbered[old] = Int32(new) }
        try container.encode(used.compactMap { designOf[Int($0)] }, forKey: .designs)
        try container.encode(live.map { lumi in
            var written = lumi
            written.template = renumbered[lumi.template] ?? lumi.template
            return written
        }, forKey: .live)
        try container.encode(rhythms.map { press in
            var written = press
            written.templates = press.templates.map { renumbered[$0] ?? $0 }
            return written
        }, forKey: .rhythms)
        try container.encode(litPanes, forKey: .litPanes)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let chordset = try container.decode(Chordset.self, forKey: .chordset)
        self.init(chordset: chordset, seed: try container.decode(UInt64.self, forKey: .seed))
        time = try container.decode(Double.self, forKey: .time).checked("checkpoint time (s)", in: 0...Self.maximumTime)
        eventCount = try container.decode(Int.self, forKey: .eventCount)
        guard (0...Self.maximumCount).contains(eventCount) else {
            throw InstrumentError.invalid("a checkpoint's event count must be 0 to \(Self.maximumCount)")
        }
        try decodeControls(from: container, chordset: chordset)
        try decodeTimes(from: container)
        try decodeTables(from: container)
        try decodeStage(from: container)
    }

    /// The controls, the pads, the tempo and the counts, each checked.
    private mutating func decodeControls(from container: KeyedDecodingContainer<CodingKeys>, chordset: Chordset) throws {
        colors = try container.decode(ColorSelection.self, forKey: .colors)
        pulse = try container.decode(Pulse.self, forKey: .pulse)
        try pulse.validate()
        design = try container.decode(Lumi.self, forKey: .design)
        try design.validate()
        // Absent (and in checkpoints written before the count existed): stored chords keep their own count.
        lumiCount = try container.decodeIfPresent(Int.self, forKey: .lumiCount)
        if let lumiCount { try Intent.lumiCount(lumiCount).validate() }
        selectedChord = try container.decode(Int.self, forKey: .selectedChord)
        guard chordset.chords.indices.contains(selectedChord) else {
            throw InstrumentError.invalid("a checkpoint's selected chord \(selectedChord) is not one of the chordset's")
        }
        pads = try container.decode(TriggerPads.self, forKey: .pads)
        guard pads.pads.count == TriggerPads.count else {
            throw InstrumentError.invalid("a checkpoint holds \(pads.pads.count) pads; there are \(TriggerPads.count)")
        }
        for pad in pads.pads {
            _ = try pad.velocity.checked("a held pad's velocity", in: 0...1)
            _ = try pad.downTime.checked("a held pad's time (s)", in: 0...Self.maximumTime)
        }
        tempo = try container.decode(Tempo.self, forKey: .tempo)
        try tempo.set(beatsPerMinute: tempo.beatsPerMinute)
        trailPersistence = try container.decode(Double.self, forKey: .trailPersistence).checked("trail persistence", in: 0...1)
        // A checkpoint written before the output stage existed was shown without it.
        headroom = try container.decodeIfPresent(Double.self, forKey: .headroom)?.checked("headroom", in: 0...1) ?? 0
        // A checkpoint written before polyphony existed played without it.
        if let count = try container.decodeIfPresent(Int.self, forKey: .polyphony) {
            try Intent.polyphony(count).validate()
            polyphony = count
        }
        stolenLumis = try container.decodeIfPresent(Int.self, forKey: .stolenLumis) ?? 0
        guard (0...Self.maximumCount).contains(stolenLumis) else {
            throw InstrumentError.invalid("a checkpoint's count of stolen lumis must be 0 to \(Self.maximumCount)")
        }
        erasures = try container.decode(Int.self, forKey: .erasures)
        guard (0...Self.maximumCount).contains(erasures) else {
            throw InstrumentError.invalid("a checkpoint's count of erasures must be 0 to \(Self.maximumCount)")
        }
    }

    /// The beat's origin, the background's fade and what was heard.
    private mutating func decodeTimes(from container: KeyedDecodingContainer<CodingKeys>) throws {
        let origin = try container.decode(Mark.self, forKey: .beatOrigin)
        beatOrigin = (
            try origin.time.checked("the beat origin's time (s)", in: 0...Self.maximumTime),
            try origin.value.checked("the beat origin's beat", in: -1e12...1e12)
        )
        if let fade = try container.decodeIfPresent(Mark.self, forKey: .backgroundFade) {
            backgroundFade = (
                try fade.time.checked("the background fade's start (s)", in: 0...Self.maximumTime),
                try fade.value.checked("the background fade's length (s)", in: 0...Self.maximumTime)
            )
        }
        // Before the designs, which find their envelopes by shape.
        if let listening = try container.decodeIfPresent(Listening.self, forKey: .listening) {
            try listening.response.validate()
            soundResponse = listening.response
            lastOnsetRelease = try listening.lastOnsetRelease?.checked("the last onset release (s)", in: 0...Self.maximumTime)
            try soundEnvelopes = Self.envelopes(from: listening)
        }
    }

    /// The forms and the lumi designs, interned in their order (scenes and live lumis name them by place).
    private mutating func decodeTables(from container: KeyedDecodingContainer<CodingKeys>) throws {
        let writtenForms = try container.decodeIfPresent([Form].self, forKey: .forms) ?? []
        guard writtenForms.count <= Self.maximumLiveLumis else {
            throw InstrumentError.invalid("a checkpoint holds at most \(Self.maximumLiveLumis) forms")
        }
        for form in writtenForms {
            try form.validate()
            guard formIndex[form] == nil else { throw InstrumentError.invalid("a checkpoint names a form twice") }
            _ = intern(form)
        }
        let designs = try container.decode([Lumi].self, forKey: .designs)
        guard designs.count <= Self.maximumLiveLumis else {
            throw InstrumentError.invalid("a checkpoint holds at most \(Self.maximumLiveLumis) lumi designs")
        }
        for lumi in designs {
            try lumi.validate()
            guard lumiIndex[lumi] == nil else { throw InstrumentError.invalid("a checkpoint names a lumi design twice") }
            _ = intern(lumi)
        }
    }

    /// What is on the canvas: live lumis, held rhythms and lit panes, every index checked against its table.
    private mutating func decodeStage(from container: KeyedDecodingContainer<CodingKeys>) throws {
        live = try container.decode([LiveLumi].self, forKey: .live)
        rhythms = try container.decode([RhythmicPress].self, forKey: .rhythms)
        litPanes = try container.decode([LitPane].self, forKey: .litPanes)
        guard live.count <= Self.maximumLiveLumis, rhythms.count <= Self.maximumLiveLumis, litPanes.count <= Self.maximumLiveLumis else {
            throw InstrumentError.invalid("a checkpoint holds at most \(Self.maximumLiveLumis) lumis, rhythms and lit panes")
        }
        let templates = 0..<Int32(lumiTable.count)
        for lumi in live {
            guard templates.contains(lumi.template) else { throw InstrumentError.invalid("a live lumi's design \(lumi.template) is not in the checkpoint") }
            try lumi.validate()
        }
        for press in rhythms {
            guard press.templates.allSatisfy(templates.contains) else {
                throw InstrumentError.invalid("a held rhythm's designs are not in the checkpoint")
            }
            try press.validate()
        }
        for pane in litPanes { try pane.validate() }
    }
}

extension PerformanceState {
    /// The largest count (of events, of erasures) a checkpoint may hold: far more than any show plays, and
    /// far from overflowing when counted on.
    static let maximumCount = 1 << 48

    private static func envelopes(from listening: Listening) throws -> SoundEnvelopes {
        try listening.last.validate()
        guard listening.envelopes.count <= maximumLiveLumis, Set(listening.envelopes.map { $0.shape }).count == listening.envelopes.count else {
            throw InstrumentError.invalid("a checkpoint's sound envelopes are too many or named twice")
        }
        for envelope in listening.envelopes {
            try SoundFollow(envelope.shape.source, attack: envelope.shape.attack, release: envelope.shape.release).validate()
            _ = try envelope.value.checked("a sound envelope's value", in: 0...1)
        }
        if let heardAt = listening.heardAt { _ = try heardAt.checked("when sound was last heard (s)", in: 0...maximumTime) }
        guard (0...maximumCount).contains(listening.onsets) else {
            throw InstrumentError.invalid("a checkpoint's count of onsets must be 0 to \(maximumCount)")
        }
        return SoundEnvelopes(
            shapes: listening.envelopes.map { $0.shape }, values: listening.envelopes.map { $0.value }, heardAt: listening.heardAt,
            last: listening.last, onsets: listening.onsets)
    }
}
