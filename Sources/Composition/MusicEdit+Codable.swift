import UserText
/// An edit as JSON, its kind in `"type"` and its values by name, e.g. `{"type": "editingRange", "part": 3,
/// "voice": 7, "start": 0, "end": 960}` (docs/composition.md lists them).
extension MusicEdit: Decodable {
    public static let types = [
        "addPart", "addVoice", "renamePart", "renameVoice", "setLength", "setTempo", "setLight", "addPartChild",
        "addVoiceChild", "removePartChild", "removeVoiceChild", "movePartChild", "moveVoiceChild", "splitPart",
        "splitVoice", "editingRange", "setCell", "share", "makeUnique", "copyScore", "deleteSound", "addComposition",
        "renameComposition", "deleteComposition", "lightFromSound", "tempoFromSound",
    ]

    private enum Key: String, CodingKey {
        case type, name, beats, tempo, bpm, part, voice, parent, child, index, place, cuts, count, start, end, gain
        case column, row, playing, from, to, composition, chordset, chord, sound
        case lights, newLights, sensitivity, align
    }

    private struct PairJSON: Decodable {
        let part: PartID
        let voice: VoiceID
        var pair: Pair { Pair(part, voice) }
    }

    /// A `lightFromSound` edit's fields.
    private static func lightFromSound(_ c: KeyedDecodingContainer<Key>) throws -> LightFromSound {
        let lights = try c.decodeIfPresent([LightJSON].self, forKey: .lights) ?? []
        guard lights.count <= LightFromSound.mostLights else {
            throw CompositionError("at most \(LightFromSound.mostLights) lights at once; this names \(lights.count)")
        }
        let newLights = try c.decodeIfPresent(NewLightsJSON.self, forKey: .newLights)
        return LightFromSound(
            part: try c.decode(PartID.self, forKey: .part), sound: try c.decode(VoiceID.self, forKey: .sound),
            lights: lights.map { SoundLight(voice: $0.voice, follow: $0.follow, sensitivity: $0.sensitivity) },
            newLights: newLights.map { NewLights(chordset: $0.chordset, parent: $0.parent) },
            sensitivity: try c.decodeIfPresent(Double.self, forKey: .sensitivity) ?? 0.5)
    }

    private struct LightJSON: Decodable {
        let voice: VoiceID
        let follow: LightFollow
        let sensitivity: Double?

        private enum Key: String, CodingKey { case voice, follow, sensitivity }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: Key.self)
            voice = try c.decode(VoiceID.self, forKey: .voice)
            let follow = try c.decode(String.self, forKey: .follow)
            guard let known = LightFollow(rawValue: follow) else {
                throw CompositionError(
                    "a light follows one of \(LightFollow.allCases.map(\.rawValue).joined(separator: ", ")), not \"\(UserText.printable(String(follow.prefix(40))))\"")
            }
            self.follow = known
            sensitivity = try c.decodeIfPresent(Double.self, forKey: .sensitivity)
        }
    }

    private struct NewLightsJSON: Decodable {
        let chordset: String
        let parent: VoiceID?
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        let type = try c.decode(String.self, forKey: .type)
        func pair() throws -> Pair { Pair(try c.decode(PartID.self, forKey: .part), try c.decode(VoiceID.self, forKey: .voice)) }
        switch type {
        case "addPart":
            self = .addPart(
                name: try c.decode(String.self, forKey: .name), beats: try c.decode(Double.self, forKey: .beats),
                tempo: try c.decodeIfPresent(Double.self, forKey: .tempo) ?? 120)
        case "addVoice": self = .addVoice(name: try c.decode(String.self, forKey: .name))
        case "renamePart": self = .renamePart(try c.decode(PartID.self, forKey: .part), name: try c.decode(String.self, forKey: .name))
        case "renameVoice": self = .renameVoice(try c.decode(VoiceID.self, forKey: .voice), name: try c.decode(String.self, forKey: .name))
        case "setLength": self = .setLength(try c.decode(PartID.self, forKey: .part), beats: try c.decode(Double.self, forKey: .beats))
        case "setTempo": self = .setTempo(try c.decode(PartID.self, forKey: .part), beatsPerMinute: try c.decode(Double.self, forKey: .bpm))
        case "setLight":
            let voice = try c.decode(VoiceID.self, forKey: .voice)
            if let chordset = try c.decodeIfPresent(String.self, forKey: .chordset) {
                self = .setLight(voice, light: try ChordReference(chordset: chordset, chord: try c.decode(Int.self, forKey: .chord)))
            } else {
                self = .setLight(voice, light: nil)
            }
        case "addPartChild":
            self = .addPartChild(
                parent: try c.decode(PartID.self, forKey: .parent), child: try c.decode(PartID.self, forKey: .child),
                index: try c.decodeIfPresent(Int.self, forKey: .index))
        case "addVoiceChild":
            self = .addVoiceChild(
                parent: try c.decode(VoiceID.self, forKey: .parent), child: try c.decode(VoiceID.self, forKey: .child),
                index: try c.decodeIfPresent(Int.self, forKey: .index))
        case "removePartChild":
            self = .removePartChild(parent: try c.decode(PartID.self, forKey: .parent), place: try c.decode(ChildID.self, forKey: .place))
        case "removeVoiceChild":
            self = .removeVoiceChild(parent: try c.decode(VoiceID.self, forKey: .parent), place: try c.decode(ChildID.self, forKey: .place))
        case "movePartChild":
            self = .movePartChild(
                parent: try c.decode(PartID.self, forKey: .parent), place: try c.decode(ChildID.self, forKey: .place),
                index: try c.decode(Int.self, forKey: .index))
        case "moveVoiceChild":
            self = .moveVoiceChild(
                parent: try c.decode(VoiceID.self, forKey: .parent), place: try c.decode(ChildID.self, forKey: .place),
                index: try c.decode(Int.self, forKey: .index))
        case "splitPart":
            let cuts = try c.decode([Int].self, forKey: .cuts)
            guard cuts.count <= 256 else { throw CompositionError("a part is split at most 256 times at once") }
            self = .splitPart(try c.decode(PartID.self, forKey: .part), cuts: cuts)
        case "splitVoice": self = .splitVoice(try c.decode(VoiceID.self, forKey: .voice), count: try c.decode(Int.self, forKey: .count))
        case "editingRange":
            self = .editingRange(
                try pair(), start: try c.decode(Int.self, forKey: .start), end: try c.decode(Int.self, forKey: .end),
                gain: try c.decodeIfPresent(Double.self, forKey: .gain) ?? 1)
        case "setCell":
            self = .setCell(
                try pair(), Cell(column: try c.decode(ChildID.self, forKey: .column), row: try c.decodeIfPresent(ChildID.self, forKey: .row)),
                playing: try c.decode(Bool.self, forKey: .playing))
        case "share": self = .share(from: try c.decode(PairJSON.self, forKey: .from).pair, to: try c.decode(PairJSON.self, forKey: .to).pair)
        case "makeUnique": self = .makeUnique(try pair())
        case "copyScore": self = .copyScore(from: try c.decode(PairJSON.self, forKey: .from).pair, to: try c.decode(PairJSON.self, forKey: .to).pair)
        case "deleteSound": self = .deleteSound(try c.decode(SoundID.self, forKey: .sound))
        case "addComposition": self = .addComposition(name: try c.decode(String.self, forKey: .name), pair: try pair())
        case "renameComposition":
            self = .renameComposition(try c.decode(CompositionID.self, forKey: .composition), name: try c.decode(String.self, forKey: .name))
        case "deleteComposition": self = .deleteComposition(try c.decode(CompositionID.self, forKey: .composition))
        case "lightFromSound": self = .lightFromSound(try Self.lightFromSound(c))
        case "tempoFromSound":
            self = .tempoFromSound(
                try c.decode(PartID.self, forKey: .part), sound: try c.decode(VoiceID.self, forKey: .sound),
                align: try c.decodeIfPresent(Bool.self, forKey: .align) ?? true)
        default:
            throw CompositionError("unknown edit \"\(UserText.printable(String(type.prefix(40))))\"; known: \(Self.types.joined(separator: ", "))")
        }
    }
}
