import Composition

/// `imager compose show`'s text: a composition's pair, then its part tree (with lengths and tempi) and its voice
/// tree (with what each atomic voice plays), a node reached twice shown each time.
struct CompositionOutline {
    let library: MusicLibrary
    let composition: Composition

    var text: String {
        let seconds = (try? library.duration(of: composition.pair.part)) ?? 0  // a composition's part is always there
        var lines = ["\(composition.name): \(FixedDecimals.format(seconds, decimals: 1)) s", "parts"]
        appendPart(composition.pair.part, depth: 1, to: &lines)
        lines.append("voices")
        appendVoice(composition.pair.voice, depth: 1, to: &lines)
        let pairs = library.scoreOfPair.filter { library.lies($0.key, within: composition.pair) }
        let events = pairs.values.reduce(0) { $0 + (library.scores[$1]?.events.count ?? 0) }
        lines.append("\(pairs.count) scores, \(events) events")
        return lines.joined(separator: "\n") + "\n"
    }

    private func appendPart(_ id: PartID, depth: Int, to lines: inout [String]) {
        guard let part = library.parts[id] else { return }
        let indent = String(repeating: "  ", count: depth)
        if part.isAtomic {
            let beats = Double(part.length) / Double(MusicalTime.ticksPerBeat)
            lines.append("\(indent)\(part.name)  \(FixedDecimals.format(beats, decimals: 2)) beats at \(FixedDecimals.format(part.tempo, decimals: 1)) bpm")
        } else {
            lines.append("\(indent)\(part.name)")
            for child in part.children { appendPart(child.node, depth: depth + 1, to: &lines) }
        }
    }

    private func appendVoice(_ id: VoiceID, depth: Int, to lines: inout [String]) {
        guard let voice = library.voices[id] else { return }
        let indent = String(repeating: "  ", count: depth)
        guard voice.isAtomic else {
            lines.append("\(indent)\(voice.name)")
            for child in voice.children { appendVoice(child.node, depth: depth + 1, to: &lines) }
            return
        }
        switch voice.sound {
        case .silent: lines.append("\(indent)\(voice.name)  (silent)")
        case .audio(let sound):
            let name = library.sounds[sound].map { "\($0.name), \(FixedDecimals.format($0.duration, decimals: 2)) s" } ?? "a missing sound"
            lines.append("\(indent)\(voice.name)  sound: \(name)")
        case .light(let chord): lines.append("\(indent)\(voice.name)  light: chord \(chord.chord + 1) of chordset \(chord.chordset)")
        }
    }
}
