extension MusicLibrary {
    /// A new sound in the library (its samples are kept beside it, by the id returned).
    @discardableResult
    public mutating func addSound(named name: String, sampleRate: Int, channelCount: Int, frameCount: Int) throws(CompositionError) -> SoundID {
        let name = try Self.checkedName(name, as: "a sound's name")
        guard (1...1_000_000).contains(sampleRate) else { throw CompositionError("a sound's rate is 1 Hz…1 MHz, not \(sampleRate)") }
        guard (1...64).contains(channelCount) else { throw CompositionError("a sound has 1…64 channels, not \(channelCount)") }
        guard frameCount >= 0 else { throw CompositionError("a sound's length is not negative") }
        let id: SoundID = nextIdentifier()
        sounds[id] = Sound(id: id, name: name, sampleRate: sampleRate, channelCount: channelCount, frameCount: frameCount)
        return id
    }

    /// The voices that play `sound`, in the order of their ids.
    public func voices(playing sound: SoundID) -> [VoiceID] {
        voices.values.filter { $0.sound == .audio(sound) }.map(\.id).sorted()
    }

    /// Takes `sound` out of the library; refused while a voice plays it.
    public mutating func delete(sound: SoundID) throws(CompositionError) {
        guard let record = sounds[sound] else { throw .unknown("sound", sound) }
        if let voice = voices(playing: sound).first.flatMap({ voices[$0] }) {
            throw CompositionError("\(voice.name) plays \(record.name): give it another sound, or delete it, first")
        }
        sounds[sound] = nil
    }

    /// The name a voice made for an audio file takes: the file's name without its folder and its extension
    /// ("Kick 01.wav" → "Kick 01"), or the whole name when that would leave nothing.
    public static func voiceName(forFile file: String) -> String {
        let base = String(file.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last ?? Substring(file))
        guard let dot = base.lastIndex(of: "."), dot != base.startIndex else { return base }
        let stem = String(base[..<dot])
        return stem.allSatisfy(\.isWhitespace) ? base : stem
    }

    /// `sound` played alone, from its start to its end: a library with one more part and voice (not kept
    /// anywhere) whose pair plays it once — what an editor's "Preview" plays.
    public func preview(of sound: SoundID) throws(CompositionError) -> (library: MusicLibrary, pair: Pair) {
        guard let record = sounds[sound] else { throw .unknown("sound", sound) }
        var library = self
        let tempo = 120.0
        let beats = max(1, (record.duration * tempo / 60 * 4).rounded(.up) / 4)  // whole quarter beats
        let part = try library.addPart(named: "Preview", beats: beats, tempo: tempo)
        let voice = try library.addVoice(named: record.name, sound: .audio(sound))
        let pair = Pair(part, voice)
        try library.setEvents([try ScoreEvent(start: 0, length: try library.part(part).length, gain: 1)], of: pair)
        return (library, pair)
    }
}

/// A sound as an editor draws it: its length in seconds and its outline, each number 0…1
/// (`AudioBuffer.peaks`).
public struct SoundOutline: Hashable, Sendable, Codable {
    public let seconds: Double
    public let peaks: [Float]

    public init(seconds: Double, peaks: [Float]) {
        self.seconds = seconds
        self.peaks = peaks
    }
}

/// Where a sound brought in from a file goes: a new atomic voice named after the file (under `parent`, when
/// there is one), or an atomic voice that plays it instead of what it played, its scores kept.
public enum SoundPlacement: Hashable, Sendable {
    case newVoice(parent: VoiceID?)
    case replacing(VoiceID)
}

/// What a sound's samples are: their rate, channels and length — all the library records of an audio file.
public struct SoundFormat: Hashable, Sendable {
    public let sampleRate: Int
    public let channelCount: Int
    public let frameCount: Int

    public init(sampleRate: Int, channelCount: Int, frameCount: Int) {
        self.sampleRate = sampleRate
        self.channelCount = channelCount
        self.frameCount = frameCount
    }
}

extension MusicLibrary {
    /// Adds a sound of `format` brought in from the file called `file`, and puts it where `placement` says:
    /// the sound's id and the voice that plays it.
    public mutating func bringIn(soundFrom file: String, format: SoundFormat, as placement: SoundPlacement) throws(CompositionError) -> (sound: SoundID, voice: VoiceID) {
        var library = self
        let sound = try library.addSound(named: file, sampleRate: format.sampleRate, channelCount: format.channelCount, frameCount: format.frameCount)
        let voice: VoiceID
        switch placement {
        case .newVoice(let parent):
            voice = try library.addVoice(named: Self.voiceName(forFile: file), sound: .audio(sound))
            if let parent { try library.add(voice: voice, to: parent) }
        case .replacing(let replaced):
            try library.setSound(of: replaced, to: .audio(sound))
            voice = replaced
        }
        self = library
        return (sound, voice)
    }
}
