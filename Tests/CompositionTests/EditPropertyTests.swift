import Audio
import Composition
import PropertyBased
import Testing

/// Any sequence of edits, drawn at random, keeps the library sound: both hierarchies free of cycles, every
/// score on an atomic pair with its events inside its part, and a refused edit changes nothing.
@Suite("Editing the music library")
struct EditPropertyTests {
    /// An edit, its numbers picking among what exists when it is applied.
    enum Edit {
        case addPart(beats: Int), addVoice
        case addPartChild(Int, Int), addVoiceChild(Int, Int)
        case removePartChild(Int, Int), removeVoiceChild(Int, Int)
        case movePartChild(Int, Int, to: Int)
        case setEvents(Int, Int, start: Int, length: Int)
        case editingRange(Int, Int, start: Int, length: Int)
        case splitPart(Int, at: Int), splitVoice(Int, into: Int)
        case setLength(Int, beats: Int)
        case share(Int, Int, Int, Int), makeUnique(Int, Int)
        case muteCell(Int, Int, Int, Int)
        case deletePart(Int), deleteVoice(Int)
    }

    static var edit: Generator<Edit, AnySequence<(index: Int, value: Any)>> {
        let n = Gen.int(in: 0...20)
        let tick = Gen.int(in: -100...8_000)
        return Gen<Edit>.oneOf(
            Gen.int(in: 0...8).map { Edit.addPart(beats: $0) },
            Gen.always(Edit.addVoice),
            zip(n, n).map { Edit.addPartChild($0, $1) },
            zip(n, n).map { Edit.addVoiceChild($0, $1) },
            zip(n, n).map { Edit.removePartChild($0, $1) },
            zip(n, n).map { Edit.removeVoiceChild($0, $1) },
            zip(n, n, n).map { Edit.movePartChild($0, $1, to: $2) },
            zip(n, n, tick, tick).map { Edit.setEvents($0, $1, start: $2, length: $3) },
            zip(n, n, tick, tick).map { Edit.editingRange($0, $1, start: $2, length: $3) },
            zip(n, tick).map { Edit.splitPart($0, at: $1) },
            zip(n, Gen.int(in: 0...4)).map { Edit.splitVoice($0, into: $1) },
            zip(n, Gen.int(in: 0...8)).map { Edit.setLength($0, beats: $1) },
            zip(n, n, n, n).map { Edit.share($0, $1, $2, $3) },
            zip(n, n).map { Edit.makeUnique($0, $1) },
            zip(n, n, n, n).map { Edit.muteCell($0, $1, $2, $3) },
            n.map { Edit.deletePart($0) },
            n.map { Edit.deleteVoice($0) })
    }

    static func apply(_ edit: Edit, to library: inout MusicLibrary) throws(CompositionError) {
        let parts = library.parts.keys.sorted(), voices = library.voices.keys.sorted()
        func part(_ i: Int) throws(CompositionError) -> PartID {
            guard !parts.isEmpty else { throw CompositionError("no parts") }
            return parts[i % parts.count]
        }
        func voice(_ i: Int) throws(CompositionError) -> VoiceID {
            guard !voices.isEmpty else { throw CompositionError("no voices") }
            return voices[i % voices.count]
        }
        func place<Node>(_ children: [Child<Node>], _ i: Int) throws(CompositionError) -> ChildID {
            guard !children.isEmpty else { throw CompositionError("no children") }
            return children[i % children.count].id
        }
        switch edit {
        case .addPart(let beats): try library.addPart(named: "P", beats: Double(beats))
        case .addVoice: try library.addVoice(named: "V")
        case .addPartChild(let a, let b): try library.add(part: try part(a), to: try part(b))
        case .addVoiceChild(let a, let b): try library.add(voice: try voice(a), to: try voice(b))
        case .removePartChild(let a, let b):
            let parent = try part(a)
            try library.remove(partChild: try place(try library.part(parent).children, b), from: parent)
        case .removeVoiceChild(let a, let b):
            let parent = try voice(a)
            try library.remove(voiceChild: try place(try library.voice(parent).children, b), from: parent)
        case .movePartChild(let a, let b, let to):
            let parent = try part(a)
            try library.move(partChild: try place(try library.part(parent).children, b), of: parent, to: to)
        case .setEvents(let a, let b, let start, let length):
            try library.setEvents([try ScoreEvent(start: start, length: length)], of: Pair(try part(a), try voice(b)))
        case .editingRange(let a, let b, let start, let length):
            guard length > 0, start >= 0 else { throw CompositionError("empty range") }
            try library.applyEditingRange(start..<(start + length), to: Pair(try part(a), try voice(b)))
        case .splitPart(let a, let at): try library.split(part: try part(a), at: [at])
        case .splitVoice(let a, let count): try library.split(voice: try voice(a), into: count)
        case .setLength(let a, let beats): try library.setLength(of: try part(a), beats: Double(beats))
        case .share(let a, let b, let c, let d):
            try library.share(scoreOf: Pair(try part(a), try voice(b)), with: Pair(try part(c), try voice(d)))
        case .makeUnique(let a, let b): try library.makeUnique(Pair(try part(a), try voice(b)))
        case .muteCell(let a, let b, let c, let d):
            let pair = Pair(try part(a), try voice(b))
            let rows = try library.cellRows(of: pair)
            let cell = Cell(column: try place(try library.cellColumns(of: pair), c), row: rows[d % rows.count].id)
            try library.setCell(cell, of: pair, playing: false)
        case .deletePart(let a): try library.delete(part: try part(a))
        case .deleteVoice(let a): try library.delete(voice: try voice(a))
        }
    }

    /// Whether `target` lies below `node` (or is it), by the library's public children.
    static func reaches<Node: Hashable>(_ node: Node, _ target: Node, children: (Node) -> [Node]) -> Bool {
        var seen: Set<Node> = [], waiting = [node]
        while let next = waiting.popLast() {
            if next == target { return true }
            if seen.insert(next).inserted { waiting += children(next) }
        }
        return false
    }

    static func checkSound(_ library: MusicLibrary) {
        for part in library.parts.values {
            for child in part.children {
                #expect(library.parts[child.node] != nil)
                #expect(!reaches(child.node, part.id) { library.parts[$0]?.children.map(\.node) ?? [] })
            }
        }
        for voice in library.voices.values {
            #expect(Set(voice.children.map(\.node)).count == voice.children.count)
            for child in voice.children {
                #expect(library.voices[child.node] != nil)
                #expect(!reaches(child.node, voice.id) { library.voices[$0]?.children.map(\.node) ?? [] })
            }
        }
        for (pair, scoreID) in library.scoreOfPair {
            let part = library.parts[pair.part], voice = library.voices[pair.voice], score = library.scores[scoreID]
            #expect(part?.isAtomic == true && voice?.isAtomic == true && score != nil)
            for event in score?.events ?? [] { #expect(event.start >= 0 && event.end <= part?.length ?? 0) }
        }
    }

    @Test func anySequenceOfEditsKeepsTheLibrarySound() async {
        await propertyCheck(count: 200, input: Self.edit.array(of: 1...60)) { edits in
            var library = MusicLibrary()
            try! library.addPart(named: "P", beats: 4)
            try! library.addVoice(named: "V")
            for edit in edits {
                let before = library
                do {
                    try Self.apply(edit, to: &library)
                } catch {
                    #expect(library == before, "a refused \(edit) changed the library")
                }
                Self.checkSound(library)
            }
            // Whatever the library holds, every pair can be laid out.
            for part in library.parts.keys {
                for voice in library.voices.keys {
                    #expect(throws: Never.self) { try Arrangement(of: Pair(part, voice), in: library, sampleRate: 8_000) }
                }
            }
        }
    }

    @Test func aCycleIsRefused() throws {
        var library = MusicLibrary()
        let a = try library.addPart(named: "A", beats: 1), b = try library.addPart(named: "B", beats: 1)
        try library.add(part: b, to: a)
        #expect(throws: CompositionError.self) { try library.add(part: a, to: b) }
        #expect(throws: CompositionError.self) { try library.add(part: a, to: a) }
        let v = try library.addVoice(named: "V"), w = try library.addVoice(named: "W")
        try library.add(voice: w, to: v)
        #expect(throws: CompositionError.self) { try library.add(voice: v, to: w) }
        #expect(throws: CompositionError.self) { try library.add(voice: w, to: v) }  // once under one parent
    }

    @Test func anEventOutsideItsPartIsRefused() throws {
        var library = MusicLibrary()
        let part = try library.addPart(named: "A", beats: 1), voice = try library.addVoice(named: "V")
        let before = library
        #expect(throws: CompositionError.self) { try library.setEvents([try ScoreEvent(start: 900, length: 61)], of: Pair(part, voice)) }
        #expect(throws: CompositionError.self) { try ScoreEvent(start: -1, length: 10) }
        #expect(throws: CompositionError.self) { try ScoreEvent(start: 0, length: 0) }
        #expect(throws: CompositionError.self) { try ScoreEvent(start: 0, length: 10, gain: .nan) }
        #expect(library == before)
        try library.setEvents([try ScoreEvent(start: 900, length: 60)], of: Pair(part, voice))
        #expect(throws: CompositionError.self) { try library.setLength(of: part, beats: 0.5) }
    }

    @Test func theEditingRangeDeletesWhatItOverlapsElseCreates() throws {
        var library = MusicLibrary()
        let pair = Pair(try library.addPart(named: "A", beats: 4), try library.addVoice(named: "V"))
        #expect(try library.applyEditingRange(0..<240, to: pair))
        #expect(try library.applyEditingRange(960..<1200, to: pair))
        #expect(library.score(of: pair)?.events.map(\.start) == [0, 960])
        // A range over both deletes both; drawn again, it makes one event of its own length.
        #expect(try !library.applyEditingRange(100..<1000, to: pair))
        #expect(library.score(of: pair)?.events == [])
        #expect(try library.applyEditingRange(100..<1000, to: pair))
        #expect(library.score(of: pair)?.events == [try ScoreEvent(start: 100, length: 900)])
    }
}

@Suite("Deleting a composition")
struct DeletingACompositionTests {
    @Test func whatOnlyItUsesGoesWithItAndWhatOthersReachStays() throws {
        var example = try PaperExample()
        try example.library.addComposition(named: "One", pair: example.pair("CP1", "CV1"))
        let before = example.library
        try example.library.delete(composition: example.library.composition(named: "One")!.id, withWhatOnlyItUses: true)
        // CP1 and AP1 are below nothing else; AP2 is CP2's too. CV1 and AV1 only it reaches; CV3 is CV2's.
        let names = Set(example.library.parts.values.map(\.name)), voices = Set(example.library.voices.values.map(\.name))
        #expect(names == ["AP2", "AP3", "CP2"])
        #expect(voices == ["AV2", "AV3", "AV4", "CV2", "CV3"])
        #expect(example.library.sounds.count == 3)  // AV1's sound went with it
        #expect(example.library.score(of: example.pair("AP2", "AV2")) != nil)
        // Without it, only the name goes.
        var named = before
        try named.delete(composition: named.composition(named: "One")!.id, withWhatOnlyItUses: false)
        #expect(named.parts == before.parts && named.compositions.isEmpty)
    }
}

@Suite("Limits a hostile library meets")
struct CompositionLimitTests {
    @Test func aPartThatRepeatsAPartThatRepeatsCannotLastMoreThanADay() throws {
        var library = MusicLibrary()
        var previous = try library.addPart(named: "Beat", beats: 1, tempo: 400)
        var refused = false
        for level in 0..<40 {
            let next = try library.addPart(named: "Level \(level)", beats: 1)
            do {
                try library.add(part: previous, to: next)
                try library.add(part: previous, to: next)
            } catch {
                refused = true
                break
            }
            previous = next
        }
        #expect(refused)
        #expect(library.parts.keys.allSatisfy { (try? library.duration(of: $0)) ?? .infinity <= MusicalTime.longestDuration })
        // Read from a file, the same library is refused whole, quickly.
        var contents = MusicLibraryContents()
        contents.parts = [.init(id: 1, name: "Beat", length: 960, tempo: 400, children: [])]
        var id: Int64 = 1
        for level in 0..<60 {
            contents.parts.append(.init(id: id + 3, name: "L\(level)", length: 960, tempo: 120, children: [
                .init(place: id + 1, node: id), .init(place: id + 2, node: id),
            ]))
            id += 3
        }
        contents.lastIdentifier = id
        #expect(throws: CompositionError.self) { try MusicLibrary(contents: contents) }
    }

    @Test func aMergedLibraryIsNumberedAfreshWhateverNumbersItCameWith() throws {
        var library = MusicLibrary()
        let part = try library.addPart(named: "Bar", beats: 4), voice = try library.addVoice(named: "V")
        try library.addComposition(named: "Far", pair: Pair(part, voice))
        var contents = library.contents
        // The same composition with ids near the top of the range.
        contents.parts[0].id = 1 << 61
        contents.voices[0].id = (1 << 61) + 1
        contents.compositions[0] = .init(id: (1 << 61) + 2, name: "Far", part: 1 << 61, voice: (1 << 61) + 1)
        contents.lastIdentifier = (1 << 62)
        var target = MusicLibrary()
        _ = try target.addPart(named: "Mine", beats: 1)
        let merged = try target.merging(contents).library
        #expect(merged.lastIdentifier == target.lastIdentifier + 3)
        #expect(merged.composition(named: "Far") != nil)
    }
}
