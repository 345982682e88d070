import ArgumentParser
import Composition
import Engine
import Foundation
import Library

/// `imager compose light-from-sound` and `tempo-from-sound`: the lab's "Light from sound…" and "Tempo from
/// sound" from a terminal — the same edits, the sound heard by the same analysis (docs/composition.md).
extension ComposeCommand {
    struct LightFromSoundCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "light-from-sound",
            abstract: "Write light voices' scores in a part from a sound that plays there.",
            discussion: """
                Each --light VOICE:FOLLOW[:SENSITIVITY] writes that light voice's score in the part: an event on every \
                cue of FOLLOW (onsets, beats, bars, low, lowMid, highMid, high) in the sound, lasting until the next \
                cue or a beat, as loud as the cue is strong; SENSITIVITY (0…1, default --sensitivity) thins the weaker \
                cues. --new-lights CHORDSET makes four light voices (Beats, Onsets, Low, High) on the chordset's \
                chords 1–4 and writes them. Parts and voices are named as in `imager compose show`.
                """)
        @OptionGroup var library: LibraryOption
        @Argument(help: "The composition: its number (from 1) or name.") var composition: String
        @Option(help: "The part to write, an atomic part of the composition.") var part: String
        @Option(help: "The voice whose sound is heard (an audio voice, or one with audio voices below it).") var sound: String
        @Option(name: .customLong("light"), help: "VOICE:FOLLOW[:SENSITIVITY], repeatable.") var lights: [String] = []
        @Option(help: "The sensitivity of the lights that give none (0…1).") var sensitivity = 0.5
        @Option(help: "Make new lights on this chordset (its number or title) and write them too.") var newLights: String?

        func run() throws {
            let opened = try library.open()
            let names = try CompositionNames(opened, composition: composition)
            let lights = try self.lights.map { try names.light($0) }
            let newLights = try newLights.map { chordset in
                let id = try libraryCommand { () throws(LibraryError) in try opened.chordset(named: chordset).id }
                return NewLights(chordset: id.uuidString, parent: nil)
            }
            let part = try names.part(part), sound = try names.voice(sound)
            let edit = MusicEdit.lightFromSound(LightFromSound(part: part, sound: sound, lights: lights, newLights: newLights, sensitivity: sensitivity))
            let (after, result) = try ComposeCommand.apply(edit, to: opened)
            let written = lights.map(\.voice) + (result.ids?.dropFirst().map(VoiceID.init) ?? [])
            for voice in written {
                let count = after.score(of: Pair(part, voice))?.events.count ?? 0
                print("\((try? after.voice(voice).name) ?? "voice \(voice)")\t\(count) events")  // the voice was just written
            }
        }
    }

    struct TempoFromSoundCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "tempo-from-sound",
            abstract: "Set a part's tempo from a sound that plays there, its events keeping their time in seconds.",
            discussion: """
                With --align, the part's events all move so that the sound's first downbeat falls on a bar line (never \
                before the part's start): the part's grid then follows the music. Prints the new tempo.
                """)
        @OptionGroup var library: LibraryOption
        @Argument(help: "The composition: its number (from 1) or name.") var composition: String
        @Option(help: "The part, an atomic part of the composition.") var part: String
        @Option(help: "The voice whose sound is heard.") var sound: String
        @Flag(help: "Move the part's events so the sound's first downbeat falls on a bar line.") var align = false

        func run() throws {
            let opened = try library.open()
            let names = try CompositionNames(opened, composition: composition)
            let part = try names.part(part)
            let (after, _) = try ComposeCommand.apply(.tempoFromSound(part, sound: try names.voice(sound), align: align), to: opened)
            print("\(FixedDecimals.format((try? after.part(part).tempo) ?? 0, decimals: 3)) BPM")  // the part was just retimed
        }
    }

    /// Applies `edit` to the library's music, its sound heard first (outside the transaction); the library as
    /// it then stands, and what the edit made.
    static func apply(_ edit: MusicEdit, to opened: ChordsetLibrary) throws -> (MusicLibrary, MusicEditResult) {
        do {
            let hearing = try SoundHearings().prepare([edit], on: try opened.musicLibrary()) { arrangement in
                try opened.samples(for: arrangement)
            }
            return try opened.changeMusic { music, _ in
                let result = try music.apply(edit, hearing: hearing)
                return (music, result)
            }
        } catch let error as LibraryError {
            throw CommandFailure(error)
        } catch {
            throw CommandFailure("\(error)")
        }
    }
}

/// The parts and voices of one composition, found by name (whatever its case) or id, as `compose show` lists
/// them: a name two of them share is refused, asking for the id.
struct CompositionNames {
    let music: MusicLibrary
    let parts: [PartID]
    let voices: [VoiceID]

    init(_ opened: ChordsetLibrary, composition name: String) throws {
        let (music, chosen) = try libraryCommand { () throws(LibraryError) in
            (try opened.musicLibrary(), try opened.composition(named: name))
        }
        self.music = music
        parts = Self.below(chosen.pair.part) { music.parts[$0]?.children.map(\.node) ?? [] }
        voices = Self.below(chosen.pair.voice) { music.voices[$0]?.children.map(\.node) ?? [] }
    }

    /// `top` and every node below it, each once, in the order a walk meets them.
    private static func below<ID: Hashable>(_ top: ID, children: (ID) -> [ID]) -> [ID] {
        var found: [ID] = [], seen = Set<ID>(), waiting = [top]
        while let next = waiting.popLast() {
            guard seen.insert(next).inserted else { continue }
            found.append(next)
            waiting += children(next).reversed()
        }
        return found
    }

    func part(_ text: String) throws -> PartID {
        try Self.find(text, among: parts, kind: "part") { music.parts[$0]?.name }
    }

    func voice(_ text: String) throws -> VoiceID {
        try Self.find(text, among: voices, kind: "voice") { music.voices[$0]?.name }
    }

    /// `VOICE:FOLLOW[:SENSITIVITY]`.
    func light(_ text: String) throws -> SoundLight {
        let pieces = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        let follows = LightFollow.allCases.map(\.rawValue).joined(separator: ", ")
        guard pieces.count == 2 || pieces.count == 3, let follow = LightFollow(rawValue: pieces[1]) else {
            throw CommandFailure("--light is VOICE:FOLLOW[:SENSITIVITY], FOLLOW one of \(follows); not \"\(text.prefix(80))\"")
        }
        var sensitivity: Double?
        if pieces.count == 3 {
            guard let value = Double(pieces[2]), (0...1).contains(value) else {
                throw CommandFailure("a light's sensitivity is a number from 0 to 1, not \"\(pieces[2].prefix(40))\"")
            }
            sensitivity = value
        }
        return SoundLight(voice: try voice(pieces[0]), follow: follow, sensitivity: sensitivity)
    }

    private static func find<Kind>(
        _ text: String, among ids: [Identifier<Kind>], kind: String, name: (Identifier<Kind>) -> String?
    ) throws -> Identifier<Kind> {
        let named = ids.filter { name($0)?.lowercased() == text.lowercased() }
        if named.count == 1 { return named[0] }
        if let number = Int64(text), let id = ids.first(where: { $0.rawValue == number }) { return id }
        guard named.isEmpty else { throw CommandFailure("\(named.count) \(kind)s are called \"\(text)\" in the composition: name one by its id") }
        throw CommandFailure("the composition has no \(kind) \"\(text.prefix(80))\"; `imager compose show` lists them")
    }
}
