/// Everything a music library holds, as plain records — what the SQLite library stores in its tables and a
/// composition file carries. A library is made from contents only through `MusicLibrary(contents:)`, which
/// checks every rule an edit would have checked, so nothing read from a disk or a stranger's file can hold a
/// cycle, an event outside its part or a dangling reference.
public struct MusicLibraryContents: Hashable, Sendable, Codable {
    public var parts: [PartRecord] = []
    public var voices: [VoiceRecord] = []
    public var scores: [ScoreRecord] = []
    public var pairs: [PairRecord] = []
    public var mutedCells: [MutedCellRecord] = []
    public var sounds: [SoundRecord] = []
    public var compositions: [CompositionRecord] = []
    public var lastIdentifier: Int64 = 0

    public init() {}

    /// A part: its length and tempo (what it plays while atomic), its children in order.
    public struct PartRecord: Hashable, Sendable, Codable {
        public var id: Int64, name: String, length: Int, tempo: Double, children: [ChildRecord]
        public init(id: Int64, name: String, length: Int, tempo: Double, children: [ChildRecord]) {
            (self.id, self.name, self.length, self.tempo, self.children) = (id, name, length, tempo, children)
        }
    }

    /// A voice: what it plays while atomic (`sound`, or `chordset` and `chord` for a light, or neither), its
    /// children in order.
    public struct VoiceRecord: Hashable, Sendable, Codable {
        public var id: Int64, name: String, sound: Int64?, chordset: String?, chord: Int?, children: [ChildRecord]
        public init(id: Int64, name: String, sound: Int64?, chordset: String?, chord: Int?, children: [ChildRecord]) {
            (self.id, self.name, self.sound, self.chordset, self.chord, self.children) = (id, name, sound, chordset, chord, children)
        }
    }

    /// A child's place under its parent and the node there.
    public struct ChildRecord: Hashable, Sendable, Codable {
        public var place: Int64, node: Int64
        public init(place: Int64, node: Int64) { (self.place, self.node) = (place, node) }
    }

    public struct ScoreRecord: Hashable, Sendable, Codable {
        public var id: Int64, events: [ScoreEvent]
        public init(id: Int64, events: [ScoreEvent]) { (self.id, self.events) = (id, events) }
    }

    /// An atomic pair and the score it plays.
    public struct PairRecord: Hashable, Sendable, Codable {
        public var part: Int64, voice: Int64, score: Int64
        public init(part: Int64, voice: Int64, score: Int64) { (self.part, self.voice, self.score) = (part, voice, score) }
    }

    /// A muted cell of a composed pair: its column's place and its row's (nil when the voice is atomic).
    public struct MutedCellRecord: Hashable, Sendable, Codable {
        public var part: Int64, voice: Int64, column: Int64, row: Int64?
        public init(part: Int64, voice: Int64, column: Int64, row: Int64?) {
            (self.part, self.voice, self.column, self.row) = (part, voice, column, row)
        }
    }

    public struct SoundRecord: Hashable, Sendable, Codable {
        public var id: Int64, name: String, sampleRate: Int, channelCount: Int, frameCount: Int
        public init(id: Int64, name: String, sampleRate: Int, channelCount: Int, frameCount: Int) {
            (self.id, self.name, self.sampleRate, self.channelCount, self.frameCount) = (id, name, sampleRate, channelCount, frameCount)
        }
    }

    public struct CompositionRecord: Hashable, Sendable, Codable {
        public var id: Int64, name: String, part: Int64, voice: Int64
        public init(id: Int64, name: String, part: Int64, voice: Int64) {
            (self.id, self.name, self.part, self.voice) = (id, name, part, voice)
        }
    }
}

extension MusicLibrary {
    /// The library as records, each list in the order of its ids.
    public var contents: MusicLibraryContents {
        var contents = MusicLibraryContents()
        func children<ID>(_ list: [Child<Identifier<ID>>]) -> [MusicLibraryContents.ChildRecord] {
            list.map { .init(place: $0.id.rawValue, node: $0.node.rawValue) }
        }
        contents.parts = parts.values.sorted { $0.id < $1.id }.map {
            .init(id: $0.id.rawValue, name: $0.name, length: $0.length, tempo: $0.tempo, children: children($0.children))
        }
        contents.voices = voices.values.sorted { $0.id < $1.id }.map { voice in
            var sound: Int64?, chordset: String?, chord: Int?
            switch voice.sound {
            case .silent: break
            case .audio(let id): sound = id.rawValue
            case .light(let reference): (chordset, chord) = (reference.chordset, reference.chord)
            }
            return .init(id: voice.id.rawValue, name: voice.name, sound: sound, chordset: chordset, chord: chord, children: children(voice.children))
        }
        contents.scores = scores.values.sorted { $0.id < $1.id }.map { .init(id: $0.id.rawValue, events: $0.events) }
        contents.pairs = scoreOfPair.sorted { ($0.key.part, $0.key.voice) < ($1.key.part, $1.key.voice) }.map {
            .init(part: $0.key.part.rawValue, voice: $0.key.voice.rawValue, score: $0.value.rawValue)
        }
        contents.mutedCells = mutedCells.sorted { ($0.key.part, $0.key.voice) < ($1.key.part, $1.key.voice) }.flatMap { pair, cells in
            cells.sorted { ($0.column, $0.row?.rawValue ?? 0) < ($1.column, $1.row?.rawValue ?? 0) }.map {
                MusicLibraryContents.MutedCellRecord(part: pair.part.rawValue, voice: pair.voice.rawValue, column: $0.column.rawValue, row: $0.row?.rawValue)
            }
        }
        contents.sounds = sounds.values.sorted { $0.id < $1.id }.map {
            .init(id: $0.id.rawValue, name: $0.name, sampleRate: $0.sampleRate, channelCount: $0.channelCount, frameCount: $0.frameCount)
        }
        contents.compositions = compositions.values.sorted { $0.id < $1.id }.map {
            .init(id: $0.id.rawValue, name: $0.name, part: $0.pair.part.rawValue, voice: $0.pair.voice.rawValue)
        }
        contents.lastIdentifier = lastIdentifier
        return contents
    }

    /// The library `contents` describe, checked as a whole: every name, length, tempo and event valid, every
    /// reference to something there, ids used once and never above the last one given out, both hierarchies
    /// free of cycles, a score only on an atomic pair and inside its part, a muted cell only where its pair
    /// has that cell. Refused with the first problem found.
    public init(contents: MusicLibraryContents) throws(CompositionError) {
        var library = MusicLibrary()
        let last = contents.lastIdentifier
        var used = Set<Int64>()
        func fresh(_ raw: Int64, _ what: String) throws(CompositionError) {
            guard raw > 0, raw <= last else { throw CompositionError("\(what) #\(raw) has an id outside 1…\(last)") }
            guard used.insert(raw).inserted else { throw CompositionError("the id #\(raw) is used twice") }
        }
        for record in contents.sounds {
            try fresh(record.id, "the sound")
            let name = try Self.checkedName(record.name)
            guard (1...1_000_000).contains(record.sampleRate), (1...64).contains(record.channelCount), record.frameCount >= 0 else {
                throw CompositionError("the sound \(name) has no sound's format (\(record.channelCount) channels at \(record.sampleRate) Hz)")
            }
            let id = SoundID(record.id)
            library.sounds[id] = Sound(id: id, name: name, sampleRate: record.sampleRate, channelCount: record.channelCount, frameCount: record.frameCount)
        }
        for record in contents.parts {
            try fresh(record.id, "the part")
            guard (1...MusicalTime.longestPart).contains(record.length) else {
                throw CompositionError("the part \(record.name) lasts \(record.length) ticks; a part lasts 1…\(MusicalTime.longestPart)")
            }
            let id = PartID(record.id)
            library.parts[id] = Part(
                id: id, name: try Self.checkedName(record.name), length: record.length,
                tempo: try record.tempo.checked("the tempo of \(record.name)", in: MusicalTime.tempi))
        }
        for record in contents.voices {
            try fresh(record.id, "the voice")
            let sound: VoiceSound
            switch (record.sound, record.chordset, record.chord) {
            case (nil, nil, nil): sound = .silent
            case (let id?, nil, nil):
                guard library.sounds[SoundID(id)] != nil else { throw .unknown("sound", SoundID(id)) }
                sound = .audio(SoundID(id))
            case (nil, let chordset?, let chord?): sound = .light(try ChordReference(chordset: chordset, chord: chord))
            default: throw CompositionError("the voice \(record.name) plays a sound or a chord, not both or half of one")
            }
            let id = VoiceID(record.id)
            library.voices[id] = Voice(id: id, name: try Self.checkedName(record.name), sound: sound)
        }
        for record in contents.parts {
            for child in record.children {
                try fresh(child.place, "the place")
                guard library.parts[PartID(child.node)] != nil else { throw .unknown("part", PartID(child.node)) }
                library.parts[PartID(record.id)]!.children.append(Child(id: ChildID(child.place), node: PartID(child.node)))
            }
        }
        for record in contents.voices {
            var seen = Set<Int64>()
            for child in record.children {
                try fresh(child.place, "the place")
                guard library.voices[VoiceID(child.node)] != nil else { throw .unknown("voice", VoiceID(child.node)) }
                guard seen.insert(child.node).inserted else { throw CompositionError("a voice comes twice under \(record.name)") }
                library.voices[VoiceID(record.id)]!.children.append(Child(id: ChildID(child.place), node: VoiceID(child.node)))
            }
            guard record.children.isEmpty || library.voices[VoiceID(record.id)]!.sound == .silent else {
                throw CompositionError("the voice \(record.name) has children and a sound of its own")
            }
        }
        for id in library.parts.keys where Self.liesBelowItself(id, in: library.parts) {
            throw CompositionError("the part \(library.parts[id]!.name) lies inside itself")
        }
        for id in library.voices.keys where Self.liesBelowItself(id, in: library.voices) {
            throw CompositionError("the voice \(library.voices[id]!.name) lies inside itself")
        }
        try library.checkDurations()
        for record in contents.scores {
            try fresh(record.id, "the score")
            library.scores[ScoreID(record.id)] = Score(id: ScoreID(record.id), events: record.events)
        }
        for record in contents.pairs {
            let pair = Pair(PartID(record.part), VoiceID(record.voice))
            guard library.scoreOfPair[pair] == nil else { throw CompositionError("the pair \(pair.part) × \(pair.voice) has two scores") }
            try library.checkAtomic(pair)
            guard let score = library.scores[ScoreID(record.score)] else { throw .unknown("score", ScoreID(record.score)) }
            try library.checkFits(score, in: pair.part)
            library.scoreOfPair[pair] = score.id
        }
        guard Set(library.scoreOfPair.values) == Set(library.scores.keys) else {
            throw CompositionError("a score is played by no pair")
        }
        for record in contents.mutedCells {
            let pair = Pair(PartID(record.part), VoiceID(record.voice))
            try library.setCell(Cell(column: ChildID(record.column), row: record.row.map(ChildID.init)), of: pair, playing: false)
        }
        for record in contents.compositions {
            try fresh(record.id, "the composition")
            let pair = Pair(PartID(record.part), VoiceID(record.voice))
            _ = try library.part(pair.part)
            _ = try library.voice(pair.voice)
            let name = try Self.checkedName(record.name)
            guard library.composition(named: name) == nil else { throw CompositionError("there are two compositions named \(name)") }
            library.compositions[CompositionID(record.id)] = Composition(id: CompositionID(record.id), name: name, pair: pair)
        }
        library.lastIdentifier = last
        self = library
    }

    /// Whether `node` can be reached again from one of its children.
    private static func liesBelowItself<Node: HierarchyNode>(_ node: Node.ID, in nodes: [Node.ID: Node]) -> Bool {
        nodes[node]?.children.contains { Hierarchy.reaches($0.node, node, in: nodes) } ?? false
    }
}
