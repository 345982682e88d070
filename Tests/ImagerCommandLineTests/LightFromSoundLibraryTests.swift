import Audio
import AudioFiles
import Composition
import Engine
import Foundation
import Instrument
import Library
import TestSupport
import Testing

@testable import ImagerCommandLine

/// Light and tempo from sound on a real library: a click track at 123 BPM brought in as a sound, placed at an
/// offset in a part at 120 BPM, heard by the engine as the performance mixes it.
@Suite("Light and tempo from sound, heard", .serialized)
struct LightFromSoundLibraryTests {
    static let offset = 1234  // ticks into the part the track starts
    let folder: TemporaryFolder
    let library: ChordsetLibrary
    let music: LiveMusic<ContinuousClock>
    let clicks: [Double]
    let part: PartID
    let song: VoiceID

    init() throws {
        folder = try TemporaryFolder()
        library = try ChordsetLibrary.open(at: folder.file("library.sqlite"))
        let instrument = LiveInstrument(engine: InstrumentEngine(chordset: FactoryChordsets.lumia, clock: ContinuousClock()))
        music = LiveMusic(instrument: instrument, shelf: LibraryMusic(library: library))
        var signal = TestSignal(seconds: 30)
        clicks = signal.addClicks(bpm: 123, start: 0)
        let file = try AudioFile.encode(try #require(AudioBuffer(sampleRate: 48_000, mono: signal.samples)), as: .wav)
        song = try music.bringInSound(file: file, named: "clicks.wav", as: .newVoice(parent: nil), keptAt: nil).voice
        let made = try music.apply([.addPart(name: "Song", beats: 70, tempo: 120)])
        part = PartID(try #require(made[0].id))
        _ = try music.apply([.editingRange(Pair(part, song), start: Self.offset, end: Self.offset + 30 * 2 * 960, gain: 1)])
    }

    /// Where `seconds` of the track falls in the part, at `tempo`, in ticks.
    func tick(ofTrack seconds: Double, tempo: Double = 120) -> Double {
        (MusicalTime.seconds(Self.offset, tempo: 120) + seconds) * tempo / 60 * 960
    }

    func lights() throws -> [VoiceID] {
        let result = try music.apply([.lightFromSound(LightFromSound(
            part: part, sound: song, lights: [], newLights: NewLights(chordset: FactoryChordsets.lumia.id.uuidString)))])
        return try #require(result[0].ids).dropFirst().map(VoiceID.init)
    }

    @Test func beatsLandOnTheClicksToTheTickAndASecondActionHearsNothingAgain() throws {
        let voices = try lights()
        let library = try music.library().library
        let beats = try #require(library.score(of: Pair(part, voices[0]))?.events)
        #expect(beats.count >= clicks.count - 1 && beats.count <= clicks.count, "\(beats.count) beats for \(clicks.count) clicks")
        for event in beats {
            let nearest = clicks.map { tick(ofTrack: $0) }.min { abs($0 - Double(event.start)) < abs($1 - Double(event.start)) }!
            #expect(abs(nearest - Double(event.start)) <= 1, "a beat at tick \(event.start), the nearest click at \(nearest)")
        }
        #expect(music.hearings.analysedCount == 1)
        _ = try lights()
        #expect(music.hearings.analysedCount == 1, "the unchanged mix was heard again")
    }

    /// As many edits as one request may send (256), hearing sixteen mixes — twice as many as are kept — are
    /// applied whole: the hearing the batch was prepared with holds every mix it heard (it used to find only the
    /// last eight kept, and refused the batch with "try again" every time).
    @Test func aBatchOf256EditsHearingSixteenMixesIsAppliedWhole() throws {
        // Four seconds of clicks in a part of eight beats, lit once (four light voices made).
        var signal = TestSignal(seconds: 4)
        signal.addClicks(bpm: 120, start: 0.25)
        let file = try AudioFile.encode(try #require(AudioBuffer(sampleRate: 48_000, mono: signal.samples)), as: .wav)
        let short = try music.bringInSound(file: file, named: "short.wav", as: .newVoice(parent: nil), keptAt: nil).voice
        let bar = PartID(try #require(try music.apply([.addPart(name: "Short", beats: 8, tempo: 120)])[0].id))
        _ = try music.apply([.editingRange(Pair(bar, short), start: 0, end: 8 * 960, gain: 1)])
        let made = try music.apply([.lightFromSound(LightFromSound(
            part: bar, sound: short, lights: [], newLights: NewLights(chordset: FactoryChordsets.lumia.id.uuidString)))])
        let voices = try #require(made[0].ids).dropFirst().map(VoiceID.init)
        let heardBefore = music.hearings.analysedCount

        var edits: [MusicEdit] = []
        for length in 1...16 {
            edits.append(.setLength(bar, beats: Double(8 + length)))  // a mix of another length: heard again
            for index in 0..<15 {
                edits.append(.lightFromSound(LightFromSound(part: bar, sound: short, lights: [SoundLight(voice: voices[index % 4], follow: .onsets)])))
            }
        }
        #expect(edits.count == 256)
        #expect(throws: Never.self) { _ = try music.apply(edits) }
        let library = try music.library().library
        #expect(try library.part(bar).length == 24 * 960)
        let onsets = try #require(library.score(of: Pair(bar, voices[3]))?.events)
        #expect(onsets.count >= 7, "\(onsets.count) onsets lit from four seconds of clicks")
        #expect(music.hearings.analysedCount == heardBefore + 16, "each length's mix heard once")
    }

    @Test func theOnsetsAreWhatImagerAnalyseReportsForTheSameMix() throws {
        let library = try music.library().library
        let arrangement = try Arrangement(of: Pair(part, song), in: library, sampleRate: SoundHearings.sampleRate)
        var performance = try Performance(arrangement, sounds: try self.library.samples(for: arrangement))
        var mix = [Float](repeating: 0, count: 2 * arrangement.frameCount)
        mix.withUnsafeMutableBufferPointer { performance.render(into: $0, frameCount: arrangement.frameCount) }
        let report = AnalyseCommand.report(of: try #require(AudioBuffer(sampleRate: arrangement.sampleRate, channelCount: 2, samples: mix)))
        let heard = try music.hearing(part: part, sound: song).mix.heard
        #expect(heard.cues[.onsets]?.map(\.seconds) == report.onsets)
        #expect(report.onsets.count >= clicks.count - 1)
    }

    @Test func tempoFromSoundPutsTheFirstClickOnBeatOneAndUndoTakesItBack() throws {
        let before = try music.library().library
        _ = try music.apply([.tempoFromSound(part, sound: song, align: true)])
        let after = try music.library().library
        let tempo = try after.part(part).tempo
        #expect(abs(tempo - 123) < 0.01, "tempo \(tempo)")
        let event = try #require(after.score(of: Pair(part, song))?.events.first)
        // The first click is the track's start: now on tick 0, the first beat of the first bar.
        #expect(event.start == 0)
        let lastClick = try #require(clicks.last)
        #expect(abs(Double(event.start) + lastClick * tempo / 60 * 960 - Double(clicks.count - 1) * 960) <= 1)
        try music.undo()
        #expect(try music.library().library == before)
        try music.redo()
        #expect(try music.library().library == after)
    }

    @Test func aRefusalChangesNothingAndIsSaid() throws {
        let before = try music.library().library
        let quiet = VoiceID(try #require(try music.apply([.addVoice(name: "Quiet")])[0].id))
        let withQuiet = try music.library().library
        #expect(throws: LiveError.self) { try music.apply([.tempoFromSound(part, sound: quiet, align: true)]) }
        #expect(throws: LiveError.self) { try music.hearing(part: part, sound: quiet) }
        #expect(try music.library().library == withQuiet)
        #expect(before != withQuiet)
    }

    @Test func theCommandLineLightsAndRetimesAPartOfAComposition() throws {
        _ = try music.apply([.addComposition(name: "Clicks", pair: Pair(part, song))])
        let light = VoiceID(try #require(try music.apply([.addVoice(name: "Flash")])[0].id))
        _ = try music.apply([.setLight(light, light: try ChordReference(chordset: FactoryChordsets.lumia.id.uuidString, chord: 0))])
        let path = folder.file("library.sqlite").path
        func run(_ arguments: [String]) throws {
            var command = try Imager.parseAsRoot(["compose"] + arguments + ["--library", path])
            try command.run()
        }
        // Flash is no voice of the composition (yet): refused, by name.
        #expect(throws: CommandFailure.self) { try run(["light-from-sound", "Clicks", "--part", "Song", "--sound", "clicks", "--light", "Flash:beats"]) }
        #expect(throws: CommandFailure.self) { try run(["light-from-sound", "Clicks", "--part", "Song", "--sound", "clicks", "--light", "clicks:sideways"]) }
        #expect(throws: CommandFailure.self) { try run(["tempo-from-sound", "Clicks", "--part", "Nowhere", "--sound", "clicks"]) }
        try run(["tempo-from-sound", "Clicks", "--part", "song", "--sound", "Clicks", "--align"])
        try run(["light-from-sound", "Clicks", "--part", "Song", "--sound", "clicks", "--new-lights", "Lumia", "--sensitivity", "0.6"])
        let after = try library.musicLibrary()
        #expect(abs(try after.part(part).tempo - 123) < 0.01)
        #expect(after.score(of: Pair(part, song))?.events.first?.start == 0)
        let beats = try #require(after.voices.values.first { $0.name == "Beats" })
        #expect((after.score(of: Pair(part, beats.id))?.events.count ?? 0) >= clicks.count - 1)
    }
}

