/// One edit of the music library, as the composition lab's editor (or any client) asks for it — what the
/// library's HTTP API takes (`POST /api/music/edits`, docs/composition.md). Applied with `MusicLibrary.apply`,
/// which checks it as the library's own methods do: a refused edit changes nothing. Parts and chords people
/// read are counted as the model counts them: ids as given out, chords 0…7, ticks 960 to a beat.
public enum MusicEdit: Hashable, Sendable {
    case addPart(name: String, beats: Double, tempo: Double)
    case addVoice(name: String)
    case renamePart(PartID, name: String)
    case renameVoice(VoiceID, name: String)
    case setLength(PartID, beats: Double)
    case setTempo(PartID, beatsPerMinute: Double)
    /// What an atomic voice plays: a chord's lumis (`light`), or nothing (nil).
    case setLight(VoiceID, light: ChordReference?)
    case addPartChild(parent: PartID, child: PartID, index: Int?)
    case addVoiceChild(parent: VoiceID, child: VoiceID, index: Int?)
    case removePartChild(parent: PartID, place: ChildID)
    case removeVoiceChild(parent: VoiceID, place: ChildID)
    case movePartChild(parent: PartID, place: ChildID, index: Int)
    case moveVoiceChild(parent: VoiceID, place: ChildID, index: Int)
    case splitPart(PartID, cuts: [Int])
    case splitVoice(VoiceID, count: Int)
    /// Seed 003's editing range let go inside an atomic pair's score, in ticks `start..<end`.
    case editingRange(Pair, start: Int, end: Int, gain: Double)
    case setCell(Pair, Cell, playing: Bool)
    case share(from: Pair, to: Pair)
    case makeUnique(Pair)
    /// Pasted as a copy: `to` gets a score of its own with `from`'s events.
    case copyScore(from: Pair, to: Pair)
    /// A sound no voice plays, taken out of the library.
    case deleteSound(SoundID)
    case addComposition(name: String, pair: Pair)
    case renameComposition(CompositionID, name: String)
    case deleteComposition(CompositionID)
    /// Light voices' scores written from a sound in the part (`LightFromSound`).
    case lightFromSound(LightFromSound)
    /// The part's tempo taken from a sound in it, its events aligned on the sound's first downbeat or not.
    case tempoFromSound(PartID, sound: VoiceID, align: Bool)

    /// Whether applying the edit hears a sound (it needs a `SoundHearing`).
    public var hearsSound: Bool {
        switch self {
        case .lightFromSound, .tempoFromSound: true
        default: false
        }
    }
}

/// What an edit made, when it made something: the new part's, voice's or composition's id, the place a
/// child took, the parts or voices a split made, whether an editing range created an event; for new lights,
/// the voice to select and the voices made.
public struct MusicEditResult: Hashable, Sendable, Codable {
    public var id: Int64?
    public var ids: [Int64]?
    public var created: Bool?
}

extension MusicLibrary {
    /// Applies `edit`; nothing changes when it is refused. An edit that hears a sound hears it with `hearing`
    /// (refused without one).
    @discardableResult
    public mutating func apply(_ edit: MusicEdit, hearing: SoundHearing? = nil) throws(CompositionError) -> MusicEditResult {
        var result = MusicEditResult()
        switch edit {
        case .addPart(let name, let beats, let tempo): result.id = try addPart(named: name, beats: beats, tempo: tempo).rawValue
        case .addVoice(let name): result.id = try addVoice(named: name).rawValue
        case .renamePart(let part, let name): try rename(part: part, to: name)
        case .renameVoice(let voice, let name): try rename(voice: voice, to: name)
        case .setLength(let part, let beats): try setLength(of: part, beats: beats)
        case .setTempo(let part, let tempo): try setTempo(of: part, to: tempo)
        case .setLight(let voice, let light): try setSound(of: voice, to: light.map { .light($0) } ?? .silent)
        case .addPartChild(let parent, let child, let index): result.id = try add(part: child, to: parent, at: index).rawValue
        case .addVoiceChild(let parent, let child, let index): result.id = try add(voice: child, to: parent, at: index).rawValue
        case .removePartChild(let parent, let place): try remove(partChild: place, from: parent)
        case .removeVoiceChild(let parent, let place): try remove(voiceChild: place, from: parent)
        case .movePartChild(let parent, let place, let index): try move(partChild: place, of: parent, to: index)
        case .moveVoiceChild(let parent, let place, let index): try move(voiceChild: place, of: parent, to: index)
        case .splitPart(let part, let cuts): result.ids = try split(part: part, at: cuts).map(\.rawValue)
        case .splitVoice(let voice, let count): result.ids = try split(voice: voice, into: count).map(\.rawValue)
        case .editingRange(let pair, let start, let end, let gain):
            guard start >= 0, start < end, end <= MusicalTime.longestPart else {
                throw CompositionError("an editing range runs from a tick to a later one, within the part")
            }
            let part = try self.part(pair.part)
            guard end <= part.length else { return MusicEditResult(created: false) }  // let go outside the score: nothing
            result.created = try applyEditingRange(start..<end, to: pair, gain: gain)
        case .setCell(let pair, let cell, let playing): try setCell(cell, of: pair, playing: playing)
        case .share(let from, let to): try share(scoreOf: from, with: to)
        case .makeUnique(let pair): try makeUnique(pair)
        case .copyScore(let from, let to): try copyScore(of: from, to: to)
        case .deleteSound(let sound): try delete(sound: sound)
        case .addComposition(let name, let pair): result.id = try addComposition(named: name, pair: pair).rawValue
        case .renameComposition(let id, let name): try rename(composition: id, to: name)
        case .deleteComposition(let id): try delete(composition: id)
        case .lightFromSound(let request): result = try lightFromSound(request, hearing: try Self.needed(hearing))
        case .tempoFromSound(let part, let sound, let align): try tempoFromSound(part: part, sound: sound, align: align, hearing: try Self.needed(hearing))
        }
        return result
    }

    private static func needed(_ hearing: SoundHearing?) throws(CompositionError) -> SoundHearing {
        guard let hearing else { throw CompositionError("this edit hears a sound: send it to the instrument, which analyses it") }
        return hearing
    }
}
