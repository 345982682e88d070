import Audio

/// The composition a new library starts with, "Demo": so that a new composer hears and sees one at once. It is
/// seed 003's example made music — two root parts (Song and Loop) and two root voices (Band and Pulse) that
/// share children — with four sounds the project synthesizes and two visual voices that light chords of the
/// factory chordsets.
///
///     parts   Song = [Intro, Verse, Chorus, Verse, Chorus]      voices  Band  = [Rhythm, Melody, Lights]
///             Loop = [Verse, Chorus]                                    Pulse = [Rhythm, Lights]
///                                                                       Rhythm = [Kick, Hat]
///                                                                       Melody = [Bell, Pad]
///                                                                       Lights = [Veil, Beam]
public enum FactoryCompositions {
    /// The factory composition's name.
    public static let demoName = "Demo"

    /// A library holding Demo, and its sounds' samples by id. `veil` and `beam` are the chords its two visual
    /// voices light (the factory chordsets' ids are the instrument's to give).
    public static func demo(veil: ChordReference, beam: ChordReference) throws(CompositionError) -> (library: MusicLibrary, sounds: [SoundID: AudioBuffer]) {
        var library = MusicLibrary()
        var buffers: [SoundID: AudioBuffer] = [:]
        func sound(_ name: String, _ buffer: AudioBuffer) throws(CompositionError) -> VoiceSound {
            let id = try library.addSound(named: name, sampleRate: buffer.sampleRate, channelCount: buffer.channelCount, frameCount: buffer.frameCount)
            buffers[id] = buffer
            return .audio(id)
        }
        let tempo = 100.0
        let intro = try library.addPart(named: "Intro", beats: 4, tempo: tempo)
        let verse = try library.addPart(named: "Verse", beats: 8, tempo: tempo)
        let chorus = try library.addPart(named: "Chorus", beats: 8, tempo: tempo)
        let song = try library.addPart(named: "Song", beats: 1, tempo: tempo)
        let loop = try library.addPart(named: "Loop", beats: 1, tempo: tempo)
        for part in [intro, verse, chorus, verse, chorus] { try library.add(part: part, to: song) }
        for part in [verse, chorus] { try library.add(part: part, to: loop) }

        let kick = try library.addVoice(named: "Kick", sound: try sound("Kick", FactorySounds.kick))
        let hat = try library.addVoice(named: "Hat", sound: try sound("Hat", FactorySounds.hat))
        let bell = try library.addVoice(named: "Bell", sound: try sound("Bell", FactorySounds.bell))
        let pad = try library.addVoice(named: "Pad", sound: try sound("Pad", FactorySounds.pad))
        let veilVoice = try library.addVoice(named: "Veil", sound: .light(veil))
        let beamVoice = try library.addVoice(named: "Beam", sound: .light(beam))
        let rhythm = try library.addVoice(named: "Rhythm")
        let melody = try library.addVoice(named: "Melody")
        let lights = try library.addVoice(named: "Lights")
        let band = try library.addVoice(named: "Band")
        let pulse = try library.addVoice(named: "Pulse")
        for voice in [kick, hat] { try library.add(voice: voice, to: rhythm) }
        for voice in [bell, pad] { try library.add(voice: voice, to: melody) }
        for voice in [veilVoice, beamVoice] { try library.add(voice: voice, to: lights) }
        for voice in [rhythm, melody, lights] { try library.add(voice: voice, to: band) }
        for voice in [rhythm, lights] { try library.add(voice: voice, to: pulse) }

        let beat = MusicalTime.ticksPerBeat
        func events(_ beats: [Double], length: Double, gain: Double = 1) throws(CompositionError) -> [ScoreEvent] {
            var events: [ScoreEvent] = []
            for start in beats { events.append(try ScoreEvent(start: Int(start * Double(beat)), length: Int(length * Double(beat)), gain: gain)) }
            return events
        }
        let everyBeat = (0..<8).map(Double.init), offBeats = (0..<8).map { Double($0) + 0.5 }
        // The intro: the pad swells alone, the veil of light rises with it.
        try library.setEvents(try events([0], length: 4), of: Pair(intro, pad))
        try library.setEvents(try events([0], length: 4, gain: 0.6), of: Pair(intro, veilVoice))
        // The verse: kick on the beat, hat between, a bell every other bar, the veil throughout.
        try library.setEvents(try events(everyBeat, length: 0.5), of: Pair(verse, kick))
        try library.setEvents(try events(offBeats, length: 0.25, gain: 0.7), of: Pair(verse, hat))
        try library.setEvents(try events([0, 4], length: 4, gain: 0.8), of: Pair(verse, bell))
        try library.setEvents(try events([0], length: 8, gain: 0.8), of: Pair(verse, veilVoice))
        // The chorus: the same rhythm (one score, shared), the pad under it, the prism's beam on every bar.
        try library.share(scoreOf: Pair(verse, kick), with: Pair(chorus, kick))
        try library.share(scoreOf: Pair(verse, hat), with: Pair(chorus, hat))
        try library.setEvents(try events([0, 4], length: 4), of: Pair(chorus, pad))
        try library.setEvents(try events([0, 2, 4, 6], length: 1.5), of: Pair(chorus, beamVoice))
        try library.setEvents(try events([0, 2, 4, 6], length: 2, gain: 0.9), of: Pair(chorus, bell))
        try library.addComposition(named: demoName, pair: Pair(song, band))
        return (library, buffers)
    }
}
