import Geometry

extension PerformanceState {
    mutating func pressPad(_ pad: Int, velocity: Double, at time: Double) {
        if pads[pad].isDown { releasePad(pad, at: time) }
        pads.press(pad, velocity: velocity, at: time)
        wakeBackground()
        press(chordset[TriggerPads.chordPosition(ofPad: pad)], key: Int8(pad), velocity: velocity, at: time)
    }

    mutating func releasePad(_ pad: Int, at time: Double) {
        pads.release(pad)
        letGo(key: Int8(pad), at: time)
    }

    /// The key a composition's light voice holds its chord by: past the pads', so that a composition and the
    /// performer's hands never let go of each other's light.
    static func key(ofLightVoice voice: Int) -> Int8 { Int8(TriggerPads.count + voice) }

    /// The keys lumis may be held by: the pads, then the light voices (`-1` is a lumi nobody holds).
    static let keys = -1..<Int8(TriggerPads.count + Intent.lightVoices)

    /// Lights `chord` held by `key` (a pad, or a light voice): its panes, its rhythm or its lumis.
    mutating func press(_ chord: Chord, key pad: Int8, velocity: Double, at time: Double) {
        follow(chord.pulse)
        litPanes.append(LitPane(
            pad: pad, background: chord.background, pulse: chord.pulse,
            frames: chord.panes.map { Canvas.rect(atFraction: $0.frame) }, litTime: time, offAge: .infinity,
            velocity: velocity, fadeStart: .infinity, fadeDuration: 0))
        if let rhythm = chord.rhythm {
            rhythms.append(RhythmicPress(
                pad: pad, templates: chord.lumis.map { intern($0) }, rhythm: rhythm, downTime: time,
                upTime: .infinity, velocity: velocity, seed: StableRandom.derive(seed, UInt64(eventCount)),
                longestRelease: chord.lumis.map(\.envelope.release).max() ?? 0,
                fadeStart: .infinity, fadeDuration: 0))
        } else {
            release(chord, at: time, velocity: velocity, pad: pad)
        }
    }

    /// Lets go of what `key` holds: its lumis, its rhythm and its panes go to their release.
    mutating func letGo(key padID: Int8, at time: Double) {
        for index in live.indices where live[index].pad == padID && live[index].noteOffAge == .infinity {
            live[index].noteOffAge = time - live[index].releaseTime
        }
        for index in rhythms.indices where rhythms[index].pad == padID && rhythms[index].upTime == .infinity {
            rhythms[index].upTime = time
        }
        for index in litPanes.indices where litPanes[index].pad == padID && litPanes[index].offAge == .infinity {
            litPanes[index].offAge = time - litPanes[index].litTime
        }
    }

    /// Releases a chord's lumi group. From a pad, each lumi appears at its anchor and is held until the pad
    /// goes up; from a tap or a stroke, the group appears around `center` (canvas coordinates) and each
    /// lumi is held for its envelope's hold time. With `following`, the lumis travel along the stroke.
    mutating func release(
        _ chord: Chord, at time: Double, velocity: Double, around center: Point? = nil, following stroke: Stroke? = nil,
        pad: Int8 = -1
    ) {
        let releaser = Self.releaser(of: chord, pad: pad)
        if let limit = chord.polyphony { stealReleases(of: releaser, keeping: limit - 1, at: time) }
        for (index, var lumi) in chord.lumis.enumerated() {
            if let stroke { lumi.motion = .follow(stroke, speed: Self.strokeFollowSpeed) }
            let anchor = Canvas.point(atFraction: lumi.anchor)
            let origin = center.map { $0 + anchor - Canvas.point(atFraction: Point(x: 0.5, y: 0.5)) } ?? anchor
            live.append(LiveLumi(
                template: intern(lumi), pad: pad, releaseTime: time,
                noteOffAge: pad >= 0 ? .infinity : lumi.envelope.hold, fadeStart: .infinity, fadeDuration: 0,
                velocity: velocity, origin: origin,
                seed: StableRandom.bits(seed, Int64(eventCount) << 8 | Int64(index)), releaser: releaser))
        }
        stealPastPolyphony(at: time)
        if live.count > Self.maximumLiveLumis { live.removeFirst(live.count - Self.maximumLiveLumis) }
    }

    /// The index of `lumi` in the lumi table, adding it (and its form) if it is new.
    mutating func intern(_ lumi: Lumi) -> Int32 {
        if let index = lumiIndex[lumi] { return index }
        let index = Int32(lumiTable.count)
        var stroke: Int32 = -1
        if case .follow(let followed, _) = lumi.motion {
            stroke = Int32(strokes.count)
            strokes.append(followed)
        }
        var compiled = Lumi.Compiled(lumi, form: intern(lumi.form), stroke: stroke)
        compiled.follow(lumi.features, envelopes: &soundEnvelopes)
        lumiTable.append(compiled)
        lumiIndex[lumi] = index
        return index
    }

    mutating func intern(_ form: Form) -> Int32 {
        if let index = formIndex[form] { return index }
        let index = Int32(forms.count)
        forms.append(form)
        formIndex[form] = index
        return index
    }

    /// Recall: the colour, form and motion controls take the chord's settings, and taps now play it.
    mutating func recall(_ position: Int) {
        let chord = chordset[position]
        selectedChord = position
        colors = chord.background
        pulse = chord.pulse
        if let first = chord.lumis.first {
            design.form = first.form
            design.motion = first.motion
            design.edges = first.edges
        }
        lumiCount = nil
    }

    /// Shift-store (seed 002): the chord's background takes the colour selection and pulse; every lumi of
    /// its group takes the designed form, motion and edges, and colour features centred on the selection
    /// (its hue oscillator spans the hue range, its saturation and brightness span the purity range). An
    /// empty chord gets the designed lumi.
    mutating func store(_ position: Int) {
        var chord = chordset[position]
        chord.background = colors
        chord.pulse = pulse
        if chord.lumis.isEmpty { chord.lumis = [design] }
        let count = lumiCount ?? chord.lumis.count
        if chord.lumis.count > count { chord.lumis.removeLast(chord.lumis.count - count) }
        // New lumis are copies of the design, anchored on a circle round the middle where none stood.
        while chord.lumis.count < count {
            var copy = design
            let turn = Double(chord.lumis.count) / Double(count)
            copy.anchor = Point(x: 0.5 + 0.25 * Turns.cos(turn) * 9 / 16, y: 0.5 + 0.25 * Turns.sin(turn))
            chord.lumis.append(copy)
        }
        for index in chord.lumis.indices {
            chord.lumis[index].form = design.form
            chord.lumis[index].motion = design.motion
            chord.lumis[index].edges = design.edges
            chord.lumis[index].features.applyColors(colors)
        }
        // The chord was valid and every part stored was validated on its way in.
        try? chordset.store(chord)
    }
}

extension LumiFeatures {
    /// Centres the hue, saturation and brightness features on a colour selection, keeping each feature's
    /// waveform and rate: the hue swings across the hue range, saturation and brightness across the colours
    /// at the two ends of the purity range.
    public mutating func applyColors(_ colors: ColorSelection) {
        hue.base = colors.hue.center
        hue.oscillator.depth = colors.hue.range / 2
        hue.oscillator.offset = 0
        let low = Purity.saturationAndBrightness(at: colors.purity.lowerBound)
        let high = Purity.saturationAndBrightness(at: colors.purity.upperBound)
        saturation.base = (low.saturation + high.saturation) / 2
        saturation.oscillator.depth = (high.saturation - low.saturation) / 2
        saturation.oscillator.offset = 0
        brightness.base = (low.brightness + high.brightness) / 2
        brightness.oscillator.depth = (high.brightness - low.brightness) / 2
        brightness.oscillator.offset = 0
        saturation.oscillator.waveform = brightness.oscillator.waveform
        saturation.oscillator.rate = brightness.oscillator.rate
        saturation.oscillator.phase = brightness.oscillator.phase
    }
}
