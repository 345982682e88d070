import Audio
import Composition
import Engine
import Foundation
import Instrument
import Synchronization
import Testing
import TestSupport

/// A library of one composition: "Test", 8 beats at 120 bpm (4 s) in two parts of 4 beats, a sound voice (a
/// constant 0.25, half a second) at every part's start, and a light voice (Lumia's chord 1) from 1 s to 2 s.
struct TestCompositions: CompositionShelf {
    /// The library, which a test may change as an editor would (`change`).
    private let shared: SharedLibrary
    var library: MusicLibrary { shared.value.withLock { $0 } }

    /// The library behind the shelf, changed while the transport plays.
    final class SharedLibrary: Sendable {
        let value: Mutex<MusicLibrary>
        init(_ library: MusicLibrary) { value = Mutex(library) }
    }

    /// Changes the library as an editor would.
    func change(_ edit: (inout MusicLibrary) throws -> Void) throws {
        try shared.value.withLock { try edit(&$0) }
    }

    init() throws {
        var library = MusicLibrary()
        let first = try library.addPart(named: "First", beats: 4), second = try library.addPart(named: "Second", beats: 4)
        let song = try library.addPart(named: "Song", beats: 1)
        try library.add(part: first, to: song)
        try library.add(part: second, to: song)
        let sound = try library.addSound(named: "Level", sampleRate: 48_000, channelCount: 1, frameCount: 24_000)
        let level = try library.addVoice(named: "Level", sound: .audio(sound))
        let light = try library.addVoice(named: "Veil", sound: .light(try ChordReference(chordset: FactoryChordsets.lumia.id.uuidString, chord: 0)))
        let band = try library.addVoice(named: "Band")
        try library.add(voice: level, to: band)
        try library.add(voice: light, to: band)
        for part in [first, second] { try library.setEvents([try ScoreEvent(start: 0, length: 960)], of: Pair(part, level)) }
        try library.setEvents([try ScoreEvent(start: 1920, length: 1920, gain: 0.75)], of: Pair(first, light))
        try library.addComposition(named: "Test", pair: Pair(song, band))
        shared = SharedLibrary(library)
    }

    func composition(named name: String, sampleRate: Int) throws -> LoadedComposition {
        let library = self.library
        guard let composition = library.composition(named: name) else { throw LiveError(.notFound, "no composition \(name)") }
        return try pair(composition.pair, named: composition.name, in: library, sampleRate: sampleRate)
    }

    func pair(_ pair: Pair, sampleRate: Int) throws -> LoadedComposition {
        let library = self.library
        return try self.pair(pair, named: "\(library.parts[pair.part]?.name ?? "?") × \(library.voices[pair.voice]?.name ?? "?")", in: library, sampleRate: sampleRate)
    }

    func sound(_ sound: SoundID, sampleRate: Int) throws -> LoadedComposition {
        let (library, pair) = try self.library.preview(of: sound)
        return try self.pair(pair, named: library.voices[pair.voice]?.name ?? "?", in: library, sampleRate: sampleRate)
    }

    private func pair(_ pair: Pair, named name: String, in library: MusicLibrary, sampleRate: Int) throws -> LoadedComposition {
        let part = try library.part(pair.part)
        var start = 0.0
        let parts = try part.children.map { child in
            defer { start += (try? library.duration(of: child.node)) ?? 0 }
            return (name: library.parts[child.node]!.name, seconds: start..<(start + (try library.duration(of: child.node))))
        }
        return LoadedComposition(name: name, pair: pair, arrangement: try Arrangement(of: pair, in: library, sampleRate: sampleRate), parts: parts)
    }

    /// The sounds, as constant 0.25; a voice named "Unreadable" stands for a sound whose file cannot be decoded.
    func samples(for arrangement: Arrangement) throws -> [SoundID: AudioBuffer] {
        if library.voices.values.contains(where: { $0.name == "Unreadable" }) { throw LiveError(.notSaved, "the sound's file is damaged") }
        return Dictionary(uniqueKeysWithValues: library.sounds.keys.map { ($0, AudioBuffer(sampleRate: arrangement.sampleRate, mono: [Float](repeating: 0.25, count: 24_000))!) })
    }

    /// Lumia's chords; a chordset called "damaged" stands for one whose row cannot be read.
    func chord(_ reference: ChordReference) throws -> Chord? {
        if reference.chordset == "damaged" { throw LiveError(.notSaved, "its row is damaged") }
        return reference.chordset == FactoryChordsets.lumia.id.uuidString ? FactoryChordsets.lumia[reference.chord] : nil
    }
}

/// An audio device a test pulls by hand.
final class PulledOutput: AudioOutput {
    let sampleRate = 48_000
    let latencyFrames: Int
    init(latencyFrames: Int = 0) { self.latencyFrames = latencyFrames }
    private let pull = Mutex<(@Sendable (UnsafeMutableBufferPointer<Float>, Int) -> Void)?>(nil)

    func start(pulling pull: @escaping @Sendable (UnsafeMutableBufferPointer<Float>, Int) -> Void) throws { self.pull.withLock { $0 = pull } }
    func stop() { pull.withLock { $0 = nil } }

    /// The next `frames` frames the device would play.
    func frames(_ frames: Int) -> [Float] {
        var buffer = [Float](repeating: 9, count: 2 * frames)
        let pull = self.pull.withLock { $0 }
        buffer.withUnsafeMutableBufferPointer { pull?($0, frames) }
        return buffer
    }
}

/// Hears the transport's news.
final class TransportListener: LiveAudience {
    private let statuses = Mutex<[TransportStatus]>([])
    var heard: [TransportStatus] { statuses.withLock { $0 } }
    func changed(_ aspects: Set<PerformanceState.Aspect>, state: EngineSnapshot) {}
    func recording(_ on: Bool, savedAt location: String?) {}
    func libraryChanged(revision: Int) {}
    func transportChanged(_ status: TransportStatus) { statuses.withLock { $0.append(status) } }
}

@Suite("Playing a composition live")
struct CompositionTransportTests {
    struct Stage {
        let clock = ManualClock()
        let instrument: LiveInstrument<ManualClock>
        let recordings = MemoryRecordings()
        let listener = TransportListener()

        init() async throws {
            instrument = LiveInstrument(engine: InstrumentEngine(chordset: FactoryChordsets.prism, clock: clock), recordings: recordings)
            instrument.listen(listener)
            try await instrument.startRecording()
        }

        /// The light intents recorded so far, with their times.
        func light() async throws -> [(time: Double, intent: String)] {
            _ = try await instrument.stopRecording()
            return recordings.all[0].log.events.compactMap { event in
                switch event.intent {
                case .lightDown(let voice, _, let velocity): (event.time, "down \(voice) \(velocity)")
                case .lightUp(let voice): (event.time, "up \(voice)")
                default: nil
                }
            }
        }

        func advance(_ seconds: Double, _ transport: CompositionTransport<ManualClock>) async {
            clock.advance(by: .seconds(seconds))
            await transport.tick()
        }
    }

    @Test func silentlyTheLightComesOnAndGoesOffAtItsEventsOnTheEnginesClock() async throws {
        let stage = try await Stage()
        let shelf = try TestCompositions()
        let transport = CompositionTransport(instrument: stage.instrument, shelf: shelf, output: nil)
        try await transport.play("test")
        #expect(transport.status.playing && transport.status.composition == "Test" && transport.status.duration == 4)
        #expect(transport.status.parts == ["First", "Second"])
        for _ in 0..<25 { await stage.advance(0.1, transport) }  // 2.5 s in steps of a frame or so
        #expect(abs(transport.status.seconds - 2.5) < 1e-9)
        let light = try await stage.light()
        #expect(light.map(\.intent) == ["down 0 0.75", "up 0"])
        #expect(abs(light[0].time - 1.0) < 0.1 + 1e-9 && light[0].time >= 1.0)
        #expect(abs(light[1].time - 2.0) < 0.1 + 1e-9 && light[1].time >= 2.0)
        // The playhead was told while it moved.
        #expect(stage.listener.heard.count >= 5 && stage.listener.heard.last!.playing)
    }

    @Test func theDevicePullsTheMixAndItsPlayheadFiresTheLight() async throws {
        let stage = try await Stage()
        let output = PulledOutput()
        let shelf = try TestCompositions()
        let transport = CompositionTransport(instrument: stage.instrument, shelf: shelf, output: output)
        #expect(output.frames(4).allSatisfy { $0 == 9 })  // not opened until something plays
        try await transport.play("Test")
        let first = output.frames(24_000 + 10)
        #expect(first[0] == 0.25 && first[1] == 0.25 && first[2 * 23_999] == 0.25 && first[2 * 24_000] == 0)
        await transport.tick()
        #expect(try await stage.light().isEmpty)  // half a second heard: the light is not due
        _ = output.frames(24_000)
        await transport.tick()
        #expect(transport.status.seconds > 1)
        await transport.stop()
        #expect(output.frames(16).allSatisfy { $0 == 0 })  // stopped: silence
    }

    @Test func locatingLightsWhatIsLitThereAndStoppingLetsItGo() async throws {
        let stage = try await Stage()
        let shelf = try TestCompositions()
        let transport = CompositionTransport(instrument: stage.instrument, shelf: shelf, output: nil)
        try await transport.play("Test")
        try await transport.locate(1.5)
        #expect(transport.status.seconds == 1.5)
        await transport.stop()
        #expect(!transport.status.playing)
        await stage.advance(1, transport)
        #expect(transport.status.seconds == 1.5)  // stopped: the playhead stays
        try await transport.play()
        await stage.advance(1, transport)
        #expect(transport.status.seconds == 2.5)
        #expect(try await stage.light().map(\.intent) == ["down 0 0.75", "up 0", "down 0 0.75", "up 0"])
    }

    @Test func loopingAPartPlaysItAgainAndAgain() async throws {
        let stage = try await Stage()
        let shelf = try TestCompositions()
        let transport = CompositionTransport(instrument: stage.instrument, shelf: shelf, output: nil)
        try await transport.play("Test")
        try await transport.loop(part: 1)
        #expect(transport.status.loop == [0, 2])
        for _ in 0..<50 { await stage.advance(0.1, transport) }  // 5 s: two and a half times round the 2 s loop
        #expect(abs(transport.status.seconds - 1) < 1e-9)
        let light = try await stage.light().map(\.intent)
        #expect(light.filter { $0.hasPrefix("down") }.count == 3)
        await #expect(throws: LiveError.self) { try await transport.loop(part: 3) }
        try await transport.loop()
        #expect(transport.status.loop == nil)
    }

    @Test func atTheEndItStopsAndSaysSo() async throws {
        let stage = try await Stage()
        let shelf = try TestCompositions()
        let transport = CompositionTransport(instrument: stage.instrument, shelf: shelf, output: nil)
        try await transport.play("Test")
        for _ in 0..<45 { await stage.advance(0.1, transport) }
        #expect(!transport.status.playing && transport.status.seconds == 4)
        #expect(stage.listener.heard.last?.playing == false)
    }

    @Test func placesAndStretchesOutsideTheCompositionAreKeptInsideItOrRefused() async throws {
        let stage = try await Stage()
        let shelf = try TestCompositions()
        let transport = CompositionTransport(instrument: stage.instrument, shelf: shelf, output: nil)
        try await transport.play("Test")
        try await transport.locate(1e300)
        #expect(transport.status.seconds == 4)
        try await transport.locate(-1e300)
        #expect(transport.status.seconds == 0)
        try await transport.loop(seconds: 1..<1e300)
        #expect(transport.status.loop == [1, 4])
        await #expect(throws: LiveError.self) { try await transport.loop(seconds: 100..<200) }
        await #expect(throws: LiveError.self) { try await transport.loop(seconds: -5 ..< -1) }
        await #expect(throws: LiveError.self) { try await transport.loop(part: Int.min) }
        #expect(transport.status.loop == [1, 4])
    }

    @Test func badRequestsAreRefusedAndChangeNothing() async throws {
        let stage = try await Stage()
        let shelf = try TestCompositions()
        let transport = CompositionTransport(instrument: stage.instrument, shelf: shelf, output: nil)
        await #expect(throws: LiveError.self) { try await transport.play() }
        await #expect(throws: LiveError.self) { try await transport.play("Nonesuch") }
        await #expect(throws: LiveError.self) { try await transport.locate(1) }
        #expect(transport.status == .idle)
        try await transport.play("Test")
        await #expect(throws: LiveError.self) { try await transport.locate(.nan) }
        #expect(transport.status.seconds == 0)
    }

    @Test func aPairPlaysAsTheEditorSelectedItAndSaysWhichItIs() async throws {
        let stage = try await Stage()
        let shelf = try TestCompositions()
        let transport = CompositionTransport(instrument: stage.instrument, shelf: shelf, output: nil)
        let first = shelf.library.parts.values.first { $0.name == "First" }!.id
        let band = shelf.library.voices.values.first { $0.name == "Band" }!.id
        try await transport.play(pair: Pair(first, band))
        #expect(transport.status.composition == "First × Band" && transport.status.duration == 2)
        #expect(transport.status.part == first.rawValue && transport.status.voice == band.rawValue)
        for _ in 0..<15 { await stage.advance(0.1, transport) }
        #expect(try await stage.light().map(\.intent) == ["down 0 0.75"])
        await #expect(throws: LiveError.self) { try await transport.play(pair: Pair(PartID(999), band)) }
        #expect(transport.status.part == first.rawValue)  // refused: what was loaded stays
    }

    @Test func aPreviewPlaysOneSoundAloneAndSaysWhichSoundItIs() async throws {
        let stage = try await Stage()
        let output = PulledOutput()
        let shelf = try TestCompositions()
        let transport = CompositionTransport(instrument: stage.instrument, shelf: shelf, output: output)
        let sound = try #require(shelf.library.sounds.keys.first)
        try await transport.preview(sound: sound)
        let status = transport.status
        #expect(status.sound == sound.rawValue && status.playing && status.composition == "Level")
        #expect(status.part == nil && status.voice == nil)  // a pair made for it alone, nobody's in the library
        #expect(status.duration == 0.5)
        let heard = output.frames(24_000 + 10)
        #expect(heard[0] == 0.25 && heard[2 * 23_999 + 1] == 0.25 && heard[2 * 24_000] == 0)
        await #expect(throws: LiveError.self) { try await transport.preview(sound: SoundID(999)) }
        #expect(transport.status.sound == sound.rawValue)  // refused: what was loaded stays
        try await transport.play(pair: Pair(shelf.library.parts.values.first { $0.name == "First" }!.id, shelf.library.voices.values.first { $0.name == "Band" }!.id))
        #expect(transport.status.sound == nil)
    }

    @Test func anEditWhilePlayingIsHeardAtOnceFromTheSamePlaceAndTheLightChangesOnlyWhereItChanged() async throws {
        let stage = try await Stage()
        let shelf = try TestCompositions()
        let transport = CompositionTransport(instrument: stage.instrument, shelf: shelf, output: nil)
        try await transport.play("Test")
        try await transport.loop(seconds: 0..<3)
        for _ in 0..<15 { await stage.advance(0.1, transport) }  // 1.5 s: the light is lit
        let first = shelf.library.parts.values.first { $0.name == "First" }!.id
        let veil = shelf.library.voices.values.first { $0.name == "Veil" }!.id
        let level = shelf.library.voices.values.first { $0.name == "Level" }!.id
        // An edit elsewhere (the sound's score): the light, unchanged, is not touched.
        try shelf.change { try $0.setEvents([try ScoreEvent(start: 0, length: 480)], of: Pair(first, level)) }
        await transport.reload()
        #expect(abs(transport.status.seconds - 1.5) < 1e-9 && transport.status.loop == [0, 3] && transport.status.playing)
        // The light's own event made louder: let go and lit again, once.
        try shelf.change { try $0.setEvents([try ScoreEvent(start: 1920, length: 1920, gain: 1)], of: Pair(first, veil)) }
        await transport.reload()
        await stage.advance(0.1, transport)
        #expect(try await stage.light().map(\.intent) == ["down 0 0.75", "up 0", "down 0 1.0"])
    }

    @Test func aSoundThatCannotBeLoadedOnAReloadIsSaidAndWhatPlaysGoesOn() async throws {
        let stage = try await Stage()
        let shelf = try TestCompositions()
        let transport = CompositionTransport(instrument: stage.instrument, shelf: shelf, output: nil)
        try await transport.play("Test")
        for _ in 0..<5 { await stage.advance(0.1, transport) }
        let level = shelf.library.voices.values.first { $0.name == "Level" }!.id
        try shelf.change { try $0.rename(voice: level, to: "Unreadable") }
        await transport.reload()
        #expect(transport.status.soundProblem?.contains("cannot be played") == true)
        #expect(transport.status.playing && abs(transport.status.seconds - 0.5) < 1e-9)
        try shelf.change { try $0.rename(voice: level, to: "Level") }
        await transport.reload()
        #expect(transport.status.soundProblem == nil)
    }

    @Test func lightThatCannotBeLitIsSaidAndTheRestPlays() async throws {
        let stage = try await Stage()
        let shelf = try TestCompositions()
        let transport = CompositionTransport(instrument: stage.instrument, shelf: shelf, output: nil)
        try await transport.play("Test")
        #expect(transport.status.lightProblem == nil)
        let veil = shelf.library.voices.values.first { $0.name == "Veil" }!.id
        try shelf.change { try $0.setSound(of: veil, to: .light(try ChordReference(chordset: "damaged", chord: 2))) }
        await transport.reload()
        #expect(transport.status.lightProblem == "chordset damaged cannot be read (its row is damaged); the light of its chords is left out")
        #expect(transport.status.playing)
        try shelf.change { try $0.setSound(of: veil, to: .light(try ChordReference(chordset: "gone", chord: 2))) }
        await transport.reload()
        #expect(transport.status.lightProblem == "chord 3 of chordset gone is not in the library; its light is left out")
        for _ in 0..<20 { await stage.advance(0.1, transport) }
        #expect(try await stage.light().isEmpty)
    }
}
