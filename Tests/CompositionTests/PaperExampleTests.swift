import Audio
import Composition
import Testing

@Suite("Seed 003's example: two root parts, two root voices, shared children")
struct PaperExampleTests {
    @Test func theHierarchiesHaveTwoRootsEachAndSharedChildren() throws {
        let example = try PaperExample()
        let library = example.library
        #expect(Set(library.rootParts) == [example.part["CP1"]!, example.part["CP2"]!])
        #expect(Set(library.rootVoices) == [example.voice["CV1"]!, example.voice["CV2"]!])
        #expect(Set(library.parents(of: example.part["AP2"]!)) == [example.part["CP1"]!, example.part["CP2"]!])
        #expect(Set(library.parents(of: example.voice["CV3"]!)) == [example.voice["CV1"]!, example.voice["CV2"]!])
        #expect(try library.duration(of: example.part["CP2"]!) == 3)  // AP2, AP3 and AP2 again
    }

    @Test func aComposedSelectionShowsCellsOfItsSubPartsAndSubVoices() throws {
        var example = try PaperExample()
        let selection = example.pair("CP1", "CV1")
        let columns = try example.library.cellColumns(of: selection)
        let rows = try example.library.cellRows(of: selection)
        #expect(columns.map(\.node) == [example.part["AP1"]!, example.part["AP2"]!])
        #expect(rows.map(\.voice) == [example.voice["AV1"]!, example.voice["CV3"]!])
        // Figure 24: no event for AV1 in AP2 — AV1 is silent there…
        let muted = Cell(column: columns[1].id, row: rows[0].id)
        try example.library.setCell(muted, of: selection, playing: false)
        #expect(!example.library.isPlaying(muted, of: selection))
        let mix = try example.mix("CP1", "CV1")
        #expect(PaperExample.level(mix, at: 0.25) == PaperExample.sum("AV1", "AV2", "AV3"))
        #expect(PaperExample.level(mix, at: 1.25) == PaperExample.sum("AV2", "AV3"))
        // …and silent everywhere once each event has ended: where no event is, nothing sounds.
        #expect(PaperExample.level(mix, at: 0.75) == 0)
        #expect(PaperExample.level(mix, at: 1.75) == 0)
        // The sub-composition AP2 × AV1 keeps its own events: they are only not heard in this selection.
        #expect(example.library.score(of: example.pair("AP2", "AV1"))?.events.count == 1)
        #expect(PaperExample.level(try example.mix("AP2", "AV1"), at: 0.25) == PaperExample.sum("AV1"))
    }

    @Test func anAtomicPartOnAComposedVoicePlaysEverySubVoice() throws {
        let example = try PaperExample()
        // Figure 25: CV1 × AP2 — AV1's events play AV1; CV3's play AV2 and AV3.
        #expect(try example.library.cellRows(of: example.pair("AP2", "CV1")).map(\.voice)
                == [example.voice["AV1"]!, example.voice["CV3"]!])
        #expect(throws: CompositionError.self) { try example.library.cellColumns(of: example.pair("AP2", "CV1")) }
        let mix = try example.mix("AP2", "CV1")
        #expect(PaperExample.level(mix, at: 0.2) == PaperExample.sum("AV1", "AV2", "AV3"))
        #expect(PaperExample.level(mix, at: 0.7) == 0)
    }

    @Test func aPartThatComesTwiceIsTwoColumnsEachWithItsOwnCells() throws {
        var example = try PaperExample()
        let selection = example.pair("CP2", "AV4")
        let columns = try example.library.cellColumns(of: selection)
        #expect(columns.count == 3 && columns[0].node == columns[2].node && columns[0].id != columns[2].id)
        try example.library.setCell(Cell(column: columns[2].id, row: nil), of: selection, playing: false)
        let mix = try example.mix("CP2", "AV4")
        #expect(PaperExample.level(mix, at: 0.25) == PaperExample.sum("AV4"))
        #expect(PaperExample.level(mix, at: 1.25) == PaperExample.sum("AV4"))
        #expect(PaperExample.level(mix, at: 2.25) == 0)
        // Moving the columns moves their cells with them.
        try example.library.move(partChild: columns[2].id, of: example.part["CP2"]!, to: 0)
        let moved = try example.mix("CP2", "AV4")
        #expect(PaperExample.level(moved, at: 0.25) == 0)
        #expect(PaperExample.level(moved, at: 2.25) == PaperExample.sum("AV4"))
    }

    @Test func aSharedScoreEditedOnceIsHeardInBothPlaces() throws {
        var example = try PaperExample()
        try example.library.share(scoreOf: example.pair("AP1", "AV1"), with: example.pair("AP3", "AV1"))
        let score = example.library.scoreOfPair[example.pair("AP1", "AV1")]!
        #expect(example.library.pairs(playing: score) == [example.pair("AP1", "AV1"), example.pair("AP3", "AV1")])
        // One edit: the event moves to the second beat.
        try example.library.setEvents([try ScoreEvent(start: 960, length: 960)], of: example.pair("AP3", "AV1"))
        for p in ["AP1", "AP3"] {
            let mix = try example.mix(p, "AV1")
            #expect(PaperExample.level(mix, at: 0.25) == 0)
            #expect(PaperExample.level(mix, at: 0.75) == PaperExample.sum("AV1"))
        }
        // Made unique, the two go their own ways.
        try example.library.makeUnique(example.pair("AP3", "AV1"))
        try example.library.setEvents([], of: example.pair("AP3", "AV1"))
        #expect(PaperExample.level(try example.mix("AP1", "AV1"), at: 0.75) == PaperExample.sum("AV1"))
        #expect(PaperExample.level(try example.mix("AP3", "AV1"), at: 0.75) == 0)
    }

    @Test func splittingAnAtomicPartKeepsWhatItPlayed() throws {
        var example = try PaperExample()
        // An event across the cut: AV1 from a quarter beat to 1.75 beats.
        try example.library.setEvents([try ScoreEvent(start: 240, length: 1440, gain: 0.5)], of: example.pair("AP1", "AV1"))
        let before = try example.mix("CP1", "CV1")
        let halves = try example.library.split(part: example.part["AP1"]!, at: [960])
        let split = try example.library.part(example.part["AP1"]!)
        #expect(halves.count == 2 && !split.isAtomic)
        #expect(example.library.score(of: Pair(halves[1], example.voice["AV1"]!))?.events
                == [try ScoreEvent(start: 0, length: 720, gain: 0.5, offset: 720)])
        #expect(try example.mix("CP1", "CV1") == before)
        // AP1 itself, now composed, plays what it did.
        #expect(try example.mix("AP1", "CV1") == Array(before.prefix(1_000)))
    }

    @Test func splittingAnAtomicVoiceKeepsWhatItPlayed() throws {
        var example = try PaperExample()
        let selection = example.pair("CP2", "AV4")
        let columns = try example.library.cellColumns(of: selection)
        try example.library.setCell(Cell(column: columns[1].id, row: nil), of: selection, playing: false)
        let before = try example.mix("CP2", "AV4")
        let subVoices = try example.library.split(voice: example.voice["AV4"]!, into: 3)
        #expect(subVoices.count == 3)
        #expect(try example.mix("CP2", "AV4") == before)
        #expect(try example.mix("CP2", "CV2") != [])
        #expect(example.library.score(of: Pair(example.part["AP1"]!, subVoices[0])) != nil)
        #expect(try example.library.voice(subVoices[1]).sound == .silent)
    }
}
