import Audio
import Composition

/// Seed 003's example (§2.8, its figures 22–25): two root parts and two root voices that share children.
///
///     parts   CP1 = [AP1, AP2]          voices  CV1 = [AV1, CV3]
///             CP2 = [AP2, AP3, AP2]             CV2 = [CV3, AV4]
///                                               CV3 = [AV2, AV3]
///
/// Each atomic part is 2 beats at 120 beats per minute (1 s); the performances run at 1,000 frames a second,
/// so a beat is 500 frames and a tick 500/960 of one. Each atomic voice plays a sound of its own: a constant
/// level (AV1 0.1, AV2 0.02, AV3 0.003, AV4 0.0004), 2,000 frames long, so that a mix says who plays.
struct PaperExample {
    static let rate = 1_000
    static let levels: [String: Float] = ["AV1": 0.1, "AV2": 0.02, "AV3": 0.003, "AV4": 0.0004]

    var library = MusicLibrary()
    var part: [String: PartID] = [:]
    var voice: [String: VoiceID] = [:]
    var buffers: [SoundID: AudioBuffer] = [:]

    init() throws {
        for name in ["AP1", "AP2", "AP3"] { part[name] = try library.addPart(named: name, beats: 2) }
        for name in ["CP1", "CP2"] { part[name] = try library.addPart(named: name, beats: 1) }
        for name in ["AV1", "AV2", "AV3", "AV4"] {
            let samples = [Float](repeating: Self.levels[name]!, count: 2_000)
            let sound = try library.addSound(named: "\(name) sound", sampleRate: Self.rate, channelCount: 1, frameCount: samples.count)
            buffers[sound] = AudioBuffer(sampleRate: Self.rate, mono: samples)!
            voice[name] = try library.addVoice(named: name, sound: .audio(sound))
        }
        for name in ["CV1", "CV2", "CV3"] { voice[name] = try library.addVoice(named: name) }
        for child in ["AP1", "AP2"] { try library.add(part: part[child]!, to: part["CP1"]!) }
        for child in ["AP2", "AP3", "AP2"] { try library.add(part: part[child]!, to: part["CP2"]!) }
        for child in ["AV2", "AV3"] { try library.add(voice: voice[child]!, to: voice["CV3"]!) }
        for child in ["AV1", "CV3"] { try library.add(voice: voice[child]!, to: voice["CV1"]!) }
        for child in ["CV3", "AV4"] { try library.add(voice: voice[child]!, to: voice["CV2"]!) }
        // Every atomic voice plays one beat at the start of every atomic part…
        for p in ["AP1", "AP2", "AP3"] {
            for v in ["AV1", "AV2", "AV3", "AV4"] {
                try library.setEvents([try ScoreEvent(start: 0, length: 960)], of: pair(p, v))
            }
        }
    }

    func pair(_ part: String, _ voice: String) -> Pair { Pair(self.part[part]!, self.voice[voice]!) }

    /// The mix of a pair's performance, left channel, frame by frame.
    func mix(_ part: String, _ voice: String, blockSize: Int = 4096) throws -> [Float] {
        try Self.mix(of: pair(part, voice), in: library, buffers: buffers, blockSize: blockSize)
    }

    static func mix(of pair: Pair, in library: MusicLibrary, buffers: [SoundID: AudioBuffer], blockSize: Int = 4096) throws -> [Float] {
        var performance = try Performance(Arrangement(of: pair, in: library, sampleRate: rate), sounds: buffers)
        let stereo = performance.rendered(frameCount: performance.arrangement.frameCount, blockSize: blockSize)
        return stride(from: 0, to: stereo.count, by: 2).map { stereo[$0] }
    }

    /// The level heard at `second` into a mix.
    static func level(_ mix: [Float], at second: Double) -> Float { mix[Int(second * Double(rate))] }

    /// The sum of the named voices' levels.
    static func sum(_ names: String...) -> Float { names.reduce(0) { $0 + levels[$1]! } }
}
