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
        var intake = Intake(settingAside: false)
        self = try intake.take(contents)
    }

    /// The library `contents` describe, with every record that breaks a rule set aside (and, with it, what
    /// cannot stand without it: a pair of a part set aside, a score no pair is left to play) — so that one
    /// damaged record never keeps the rest from opening and playing. Nothing is lost: the records set aside
    /// are returned, each with why.
    public static func salvaging(_ contents: MusicLibraryContents) -> (library: MusicLibrary, setAside: [SetAsideRecord]) {
        var intake = Intake(settingAside: true)
        let library = (try? intake.take(contents)) ?? MusicLibrary()  // setting aside, `take` throws nothing
        return (library, intake.setAside)
    }

    /// Takes contents in record by record, throwing the first problem or setting the record aside.
    private struct Intake {
        let settingAside: Bool
        var setAside: [SetAsideRecord] = []

        /// Runs one record's checks; a problem is thrown, or the record is set aside and `false` returned.
        mutating func check(
            _ kind: SetAsideRecord.Kind, _ key: String, _ name: String?, _ body: () throws(CompositionError) -> Void
        ) throws(CompositionError) -> Bool {
            do {
                try body()
                return true
            } catch {
                guard settingAside else { throw error }
                setAside.append(SetAsideRecord(kind: kind, key: key, name: name, reason: error.description))
                return false
            }
        }

        mutating func take(_ contents: MusicLibraryContents) throws(CompositionError) -> MusicLibrary {
            var taking = Taking(last: contents.lastIdentifier)
            try takeSounds(of: contents, into: &taking)
            try takeParts(of: contents, into: &taking)
            try takeVoices(of: contents, into: &taking)
            try takeChildren(of: contents, into: &taking)
            try setAsideLinksThatLoopOrLastTooLong(into: &taking)
            try takeScoresAndPairs(of: contents, into: &taking)
            try takeMutedCells(of: contents, into: &taking)
            try takeCompositions(of: contents, into: &taking)
            taking.library.lastIdentifier = contents.lastIdentifier
            return taking.library
        }

        /// The library taken so far, and the ids used in it.
        struct Taking {
            var library = MusicLibrary()
            let last: Int64
            var used = Set<Int64>()

            /// Takes the id `raw` of `what`: within 1…last, and used once.
            mutating func fresh(_ raw: Int64, _ what: String) throws(CompositionError) {
                guard raw > 0, raw <= last else { throw CompositionError("\(what) #\(raw) has an id outside 1…\(last)") }
                guard used.insert(raw).inserted else { throw CompositionError("the id #\(raw) is used twice") }
            }
        }

        /// Sounds: a name, and a sound's format.
        private mutating func takeSounds(of contents: MusicLibraryContents, into taking: inout Taking) throws(CompositionError) {
            for record in contents.sounds {
                _ = try check(.sound, String(record.id), record.name) { () throws(CompositionError) in
                    try taking.fresh(record.id, "the sound")
                    let name = try checkedName(record.name, as: "a sound's name")
                    guard (1...1_000_000).contains(record.sampleRate), (1...64).contains(record.channelCount), record.frameCount >= 0 else {
                        throw CompositionError("the sound \(name) has no sound's format (\(record.channelCount) channels at \(record.sampleRate) Hz)")
                    }
                    let id = SoundID(record.id)
                    taking.library.sounds[id] = Sound(id: id, name: name, sampleRate: record.sampleRate, channelCount: record.channelCount, frameCount: record.frameCount)
                }
            }
        }

        /// Parts: a name, a length and a tempo.
        private mutating func takeParts(of contents: MusicLibraryContents, into taking: inout Taking) throws(CompositionError) {
            for record in contents.parts {
                _ = try check(.part, String(record.id), record.name) { () throws(CompositionError) in
                    try taking.fresh(record.id, "the part")
                    let name = try checkedName(record.name, as: "a part's name")
                    guard (1...MusicalTime.longestPart).contains(record.length) else {
                        throw CompositionError("the part \(name) lasts \(record.length) ticks; a part lasts 1…\(MusicalTime.longestPart)")
                    }
                    let id = PartID(record.id)
                    taking.library.parts[id] = Part(
                        id: id, name: name, length: record.length, tempo: try record.tempo.checked("the tempo of \(name)", in: MusicalTime.tempi))
                }
            }
        }

        /// Voices: a name, and a sound, a chord or silence (a voice with children is silent).
        private mutating func takeVoices(of contents: MusicLibraryContents, into taking: inout Taking) throws(CompositionError) {
            for record in contents.voices {
                _ = try check(.voice, String(record.id), record.name) { () throws(CompositionError) in
                    try taking.fresh(record.id, "the voice")
                    let name = try checkedName(record.name, as: "a voice's name")
                    let sound: VoiceSound
                    switch (record.sound, record.chordset, record.chord) {
                    case (nil, nil, nil): sound = .silent
                    case (let id?, nil, nil):
                        guard taking.library.sounds[SoundID(id)] != nil else { throw .unknown("sound", SoundID(id)) }
                        sound = .audio(SoundID(id))
                    case (nil, let chordset?, let chord?): sound = .light(try ChordReference(chordset: chordset, chord: chord))
                    default: throw CompositionError("the voice \(name) plays a sound or a chord, not both or half of one")
                    }
                    guard record.children.isEmpty || sound == .silent else {
                        throw CompositionError("the voice \(name) has children and a sound of its own")
                    }
                    let id = VoiceID(record.id)
                    taking.library.voices[id] = Voice(id: id, name: name, sound: sound)
                }
            }
        }

        /// The parts' and the voices' children, each of a node there (a voice once under the same parent).
        private mutating func takeChildren(of contents: MusicLibraryContents, into taking: inout Taking) throws(CompositionError) {
            for record in contents.parts where taking.library.parts[PartID(record.id)] != nil {
                for child in record.children {
                    _ = try check(.partChild, String(child.place), nil) { () throws(CompositionError) in
                        try taking.fresh(child.place, "the place")
                        guard taking.library.parts[PartID(child.node)] != nil else { throw .unknown("part", PartID(child.node)) }
                        taking.library.parts[PartID(record.id)]!.children.append(Child(id: ChildID(child.place), node: PartID(child.node)))
                    }
                }
            }
            for record in contents.voices where taking.library.voices[VoiceID(record.id)] != nil {
                var seen = Set<Int64>()
                for child in record.children {
                    _ = try check(.voiceChild, String(child.place), nil) { () throws(CompositionError) in
                        try taking.fresh(child.place, "the place")
                        guard taking.library.voices[VoiceID(child.node)] != nil else { throw .unknown("voice", VoiceID(child.node)) }
                        guard seen.insert(child.node).inserted else { throw CompositionError("a voice comes twice under \(record.name)") }
                        taking.library.voices[VoiceID(record.id)]!.children.append(Child(id: ChildID(child.place), node: VoiceID(child.node)))
                    }
                }
            }
        }

        /// A node that lies inside itself, or a part that would last too long, keeps its record but not its children: the links are set aside.
        private mutating func setAsideLinksThatLoopOrLastTooLong(into taking: inout Taking) throws(CompositionError) {
            for id in taking.library.parts.keys.sorted() where MusicLibrary.liesBelowItself(id, in: taking.library.parts) {
                let problem = CompositionError("the part \(taking.library.parts[id]!.name) lies inside itself")
                guard settingAside else { throw problem }
                setAsideChildren(of: &taking.library.parts[id]!, .partChild, problem)
            }
            for id in taking.library.voices.keys.sorted() where MusicLibrary.liesBelowItself(id, in: taking.library.voices) {
                let problem = CompositionError("the voice \(taking.library.voices[id]!.name) lies inside itself")
                guard settingAside else { throw problem }
                setAsideChildren(of: &taking.library.voices[id]!, .voiceChild, problem)
            }
            while let problem = taking.library.tooLong() {
                guard settingAside else { throw problem.error }
                setAsideChildren(of: &taking.library.parts[problem.part]!, .partChild, problem.error)
            }
        }

        /// Scores, the pairs that play them (atomic, inside their part), and no score that no pair plays.
        private mutating func takeScoresAndPairs(of contents: MusicLibraryContents, into taking: inout Taking) throws(CompositionError) {
            for record in contents.scores {
                _ = try check(.score, String(record.id), nil) { () throws(CompositionError) in
                    try taking.fresh(record.id, "the score")
                    taking.library.scores[ScoreID(record.id)] = Score(id: ScoreID(record.id), events: record.events)
                }
            }
            for record in contents.pairs {
                _ = try check(.pair, "\(record.part)-\(record.voice)", nil) { () throws(CompositionError) in
                    let pair = Pair(PartID(record.part), VoiceID(record.voice))
                    guard taking.library.scoreOfPair[pair] == nil else { throw CompositionError("the pair \(pair.part) × \(pair.voice) has two scores") }
                    try taking.library.checkAtomic(pair)
                    guard let score = taking.library.scores[ScoreID(record.score)] else { throw .unknown("score", ScoreID(record.score)) }
                    try taking.library.checkFits(score, in: pair.part)
                    taking.library.scoreOfPair[pair] = score.id
                }
            }
            let played = Set(taking.library.scoreOfPair.values)
            for id in taking.library.scores.keys.sorted() where !played.contains(id) {
                _ = try check(.score, String(id.rawValue), nil) { () throws(CompositionError) in
                    taking.library.scores[id] = nil
                    throw CompositionError("a score is played by no pair")
                }
            }
        }

        /// Muted cells, each where its pair has that cell.
        private mutating func takeMutedCells(of contents: MusicLibraryContents, into taking: inout Taking) throws(CompositionError) {
            for record in contents.mutedCells {
                let key = "\(record.part)-\(record.voice)-\(record.column)-\(record.row.map(String.init) ?? "none")"
                _ = try check(.mutedCell, key, nil) { () throws(CompositionError) in
                    let pair = Pair(PartID(record.part), VoiceID(record.voice))
                    try taking.library.setCell(Cell(column: ChildID(record.column), row: record.row.map(ChildID.init)), of: pair, playing: false)
                }
            }
        }

        /// Compositions: a pair there, and a name no other has.
        private mutating func takeCompositions(of contents: MusicLibraryContents, into taking: inout Taking) throws(CompositionError) {
            for record in contents.compositions {
                _ = try check(.composition, String(record.id), record.name) { () throws(CompositionError) in
                    try taking.fresh(record.id, "the composition")
                    let pair = Pair(PartID(record.part), VoiceID(record.voice))
                    _ = try taking.library.part(pair.part)
                    _ = try taking.library.voice(pair.voice)
                    let name = try checkedName(record.name, as: "a composition's name")
                    guard taking.library.composition(named: name) == nil else { throw CompositionError("there are two compositions named \(name)") }
                    taking.library.compositions[CompositionID(record.id)] = Composition(id: CompositionID(record.id), name: name, pair: pair)
                }
            }
        }

        /// Sets aside every child link of `node`, for `problem`.
        private mutating func setAsideChildren<Node: HierarchyNode>(of node: inout Node, _ kind: SetAsideRecord.Kind, _ problem: CompositionError) {
            for child in node.children {
                setAside.append(SetAsideRecord(kind: kind, key: String(child.id.rawValue), name: nil, reason: problem.description))
            }
            node.children = []
        }
    }

    /// Whether `node` can be reached again from one of its children.
    static func liesBelowItself<Node: HierarchyNode>(_ node: Node.ID, in nodes: [Node.ID: Node]) -> Bool {
        nodes[node]?.children.contains { Hierarchy.reaches($0.node, node, in: nodes) } ?? false
    }
}
