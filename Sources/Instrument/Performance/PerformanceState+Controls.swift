extension PerformanceState {
    /// What the console's controls hold — the colours, the pulse, the lumi being designed, the chord
    /// selected, the tempo, the trails' persistence and the headroom — kept between runs so that a performer
    /// who comes back finds the instrument as they left it (seed 002's "controls chord").
    public struct Controls: Hashable, Sendable, Codable {
        public var colors: ColorSelection
        public var pulse: Pulse
        public var design: Lumi
        /// How many lumis a chord stored from the controls holds (nil: as many as it had).
        public var lumiCount: Int?
        /// 0…7.
        public var selectedChord: Int
        /// Beats per minute.
        public var tempo: Double
        public var trailPersistence: Double
        public var headroom: Double
        /// The most lumis that sound at once (nil in controls kept before polyphony existed: the default).
        public var polyphony: Int?

        /// Checks every value; throws naming the first problem.
        public func validate() throws(InstrumentError) {
            try pulse.validate()
            try design.validate()
            if let lumiCount { try Intent.lumiCount(lumiCount).validate() }
            guard (0..<Chordset.chordCount).contains(selectedChord) else {
                throw .invalid("there is no chord \(selectedChord + 1) to select; chords are numbered 1 to \(Chordset.chordCount)")
            }
            _ = try tempo.checked("tempo (BPM)", in: Tempo.range)
            _ = try trailPersistence.checked("trail persistence", in: 0...1)
            _ = try headroom.checked("headroom", in: 0...1)
            if let polyphony { try Intent.polyphony(polyphony).validate() }
        }
    }

    /// The controls as they stand.
    public var controls: Controls {
        Controls(
            colors: colors, pulse: pulse, design: design, lumiCount: lumiCount, selectedChord: selectedChord, tempo: tempo.beatsPerMinute,
            trailPersistence: trailPersistence, headroom: headroom, polyphony: polyphony)
    }

    /// A new performance for the stage (what `imager serve` plays): the controls as `controls` left them when
    /// they were kept and still hold, else the chordset's first chord at `tempo`; the polyphony, when none was
    /// kept, and the gap between onset releases at their defaults.
    public static func onStage(chordset: Chordset, controls: Controls?, tempo: Tempo) -> PerformanceState {
        // The kept controls were checked as they were read.
        var state = controls.flatMap { try? PerformanceState(chordset: chordset, controls: $0) }
            ?? PerformanceState(chordset: chordset, tempo: tempo)
        state.polyphony = state.polyphony ?? defaultPolyphony
        state.soundResponse.onsetGap = SoundResponse.defaultOnsetGap
        return state
    }

    /// A new performance on `chordset` whose controls start as `controls` left them (checked first: controls
    /// that do not validate are refused and nothing is taken from them).
    public init(chordset: Chordset, controls: Controls, seed: UInt64 = 0x1_1A6E) throws(InstrumentError) {
        try controls.validate()
        self.init(chordset: chordset, seed: seed, tempo: try Tempo(beatsPerMinute: controls.tempo))
        colors = controls.colors
        pulse = controls.pulse
        design = controls.design
        lumiCount = controls.lumiCount
        selectedChord = controls.selectedChord
        trailPersistence = controls.trailPersistence
        headroom = controls.headroom
        polyphony = controls.polyphony ?? Self.defaultPolyphony
    }
}
