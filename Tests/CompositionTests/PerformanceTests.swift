import Audio
import Composition
import PropertyBased
import Testing

@Suite("A pair's performance")
struct PerformanceTests {
    /// A library of `voices` voices, each a different noise-like sound, with events at the given ticks.
    static func library(events: [(start: Int, length: Int, voice: Int)], rate: Int = 8_000) throws
        -> (MusicLibrary, Pair, [SoundID: AudioBuffer]) {
        var library = MusicLibrary()
        let part = try library.addPart(named: "Part", beats: 8, tempo: 97)
        let group = try library.addVoice(named: "Group")
        var buffers: [SoundID: AudioBuffer] = [:]
        var voices: [VoiceID] = []
        for number in 0..<3 {
            let frames = 700 + 900 * number
            let samples = (0..<(frames * (number == 1 ? 2 : 1))).map { Float(($0 * 7_919 + number * 104_729) % 2_001 - 1_000) / 1_000 }
            let sound = try library.addSound(named: "S\(number)", sampleRate: rate, channelCount: number == 1 ? 2 : 1, frameCount: frames)
            buffers[sound] = AudioBuffer(sampleRate: rate, channelCount: number == 1 ? 2 : 1, samples: samples)!
            let voice = try library.addVoice(named: "V\(number)", sound: .audio(sound))
            try library.add(voice: voice, to: group)
            voices.append(voice)
        }
        for (index, voice) in voices.enumerated() {
            let mine = try events.filter { $0.voice == index }.map { try ScoreEvent(start: $0.start, length: $0.length, gain: 0.7) }
            try library.setEvents(mine, of: Pair(part, voice))
        }
        return (library, Pair(part, group), buffers)
    }

    static let event = zip(Gen.int(in: 0...6_600), Gen.int(in: 1...1_000), Gen.int(in: 0...2)).map { (start: $0, length: $1, voice: $2) }

    @Test func renderingInBlocksOfAnySizeGivesTheSameSamplesAsOneBlock() async {
        await propertyCheck(count: 60, input: Self.event.array(of: 0...12), Gen.int(in: 1...5_000)) { events, blockSize in
            let (library, pair, buffers) = try! Self.library(events: events)
            let arrangement = try! Arrangement(of: pair, in: library, sampleRate: 8_000)
            var whole = try! Performance(arrangement, sounds: buffers), blocks = whole
            let frames = arrangement.frameCount + 50
            #expect(whole.rendered(frameCount: frames, blockSize: frames) == blocks.rendered(frameCount: frames, blockSize: blockSize))
        }
    }

    @Test func anEventPlaysItsSoundFromTheStartUntilTheEventOrTheSoundEnds() throws {
        let (library, pair, buffers) = try Self.library(events: [(start: 960, length: 480, voice: 2), (start: 0, length: 7_680, voice: 1)])
        var performance = try Performance(try Arrangement(of: pair, in: library, sampleRate: 8_000), sounds: buffers)
        let mix = performance.rendered(frameCount: 8_000)
        let beat = 8_000.0 * 60 / 97, start = Int(beat.rounded()), end = Int((beat * 1.5).rounded())
        let s1 = buffers.values.first { $0.channelCount == 2 }!
        let s2 = buffers.values.first { $0.frameCount == 2_500 }!
        // Voice 1 (stereo) plays from frame 0 to its sound's end (1,600 frames), its channels as they are,
        // though its event goes on.
        #expect(mix[0] == s1.samples[0] * 0.7 && mix[1] == s1.samples[1] * 0.7)
        #expect(mix[2 * 1_599] == s1.samples[2 * 1_599] * 0.7 && mix[2 * 1_600] == 0)
        // Voice 2 (mono) starts at its event's start, on both channels…
        #expect(mix[2 * start] == s2.samples[0] * 0.7 && mix[2 * start + 1] == s2.samples[0] * 0.7)
        #expect(mix[2 * (end - 1)] == s2.samples[end - 1 - start] * 0.7)
        // …and stops at the event's end, though its sound goes on.
        #expect(end - start < 2_500 && mix[2 * end] == 0 && mix[2 * end + 1] == 0)
    }

    @Test func locatingAndLoopingPlayWhatIsThere() throws {
        let (library, pair, buffers) = try Self.library(events: [(start: 0, length: 4_000, voice: 2), (start: 500, length: 700, voice: 0)])
        let arrangement = try Arrangement(of: pair, in: library, sampleRate: 8_000)
        var straight = try Performance(arrangement, sounds: buffers)
        let all = straight.rendered(frameCount: 6_000)
        var located = try Performance(arrangement, sounds: buffers)
        located.locate(2_345)
        #expect(located.rendered(frameCount: 1_000, blockSize: 77) == Array(all[(2 * 2_345)..<(2 * 3_345)]))
        var looping = try Performance(arrangement, sounds: buffers)
        try looping.setLoop(1_000..<1_500)
        let looped = looping.rendered(frameCount: 1_200, blockSize: 333)
        #expect(Array(looped[0..<1_000]) == Array(all[2_000..<3_000]))
        #expect(Array(looped[1_000..<2_000]) == Array(all[2_000..<3_000]))
        #expect(Array(looped[2_000..<2_400]) == Array(all[2_000..<2_400]))
        #expect(throws: CompositionError.self) { try looping.setLoop(5..<5) }
        // Skipped frames are not heard: what follows is what rendering them would have left, round the loop.
        var skipped = try Performance(arrangement, sounds: buffers)
        skipped.skip(2_345)
        #expect(skipped.rendered(frameCount: 500) == Array(all[(2 * 2_345)..<(2 * 2_845)]))
        var skippedRound = try Performance(arrangement, sounds: buffers), renderedRound = skippedRound
        try skippedRound.setLoop(1_000..<1_500)
        try renderedRound.setLoop(1_000..<1_500)
        skippedRound.skip(1_234)
        _ = renderedRound.rendered(frameCount: 1_234)
        #expect(skippedRound.position == renderedRound.position && skippedRound.rendered(frameCount: 600) == renderedRound.rendered(frameCount: 600))
    }

    @Test func aLightVoiceReleasesItsChordAtEachEventAndLetsItGoAtItsEnd() throws {
        var library = MusicLibrary()
        let part = try library.addPart(named: "Part", beats: 4)
        let chord = try ChordReference(chordset: "4C0A1D1A-0000-4000-8000-000000000001", chord: 2)
        let light = try library.addVoice(named: "Light", sound: .light(chord))
        let pair = Pair(part, light)
        try library.setEvents([try ScoreEvent(start: 0, length: 960, gain: 0.8), try ScoreEvent(start: 1_920, length: 480)], of: pair)
        let cues = try Arrangement(of: pair, in: library, sampleRate: 1_000).lights
        #expect(cues.map(\.frame) == [0, 500, 1_000, 1_250])
        #expect(cues.map(\.action) == [.release(velocity: 0.8), .letGo, .release(velocity: 1), .letGo])
        // Split across the second event, the light stays lit over the cut.
        try library.split(part: part, at: [2_160])
        #expect(try Arrangement(of: pair, in: library, sampleRate: 1_000).lights == cues)
    }

    @Test func aPerformanceWithoutItsSoundsSamplesIsRefused() throws {
        let (library, pair, buffers) = try Self.library(events: [(start: 0, length: 10, voice: 0)])
        let arrangement = try Arrangement(of: pair, in: library, sampleRate: 8_000)
        #expect(throws: CompositionError.self) { try Performance(arrangement, sounds: [:]) }
        let wrongRate = buffers.mapValues { AudioBuffer(sampleRate: 44_100, channelCount: $0.channelCount, samples: $0.samples)! }
        #expect(throws: CompositionError.self) { try Performance(arrangement, sounds: wrongRate) }
    }
}
