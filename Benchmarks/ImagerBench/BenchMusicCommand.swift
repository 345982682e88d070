import ArgumentParser
import Audio
import AudioFiles
import Composition
import Engine
import Foundation
import ImagerCommandLine
import Instrument
import Library
import Synchronization

/// `imager-bench music`: a music edit on a large library, as the composition lab makes it.
struct BenchMusicCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "music",
        abstract: "Time a music edit on a library of many compositions, events and an hour of sound.",
        discussion: """
            Builds, in a temporary folder, a library of --compositions compositions (each an atomic part × an \
            atomic voice), --events score events among them and --sounds sounds of --minutes minutes in all \
            (22.05 kHz mono WAV, kept in the library), and serves it in this process as `imager serve` does. An \
            editor sends --edits edits (an editing range let go on one pair, as the lab's plane does: an event \
            made, then taken away) over HTTP; each is timed from its sending to the `music` message's arrival on \
            /live, and to the editor's answer (the whole library). Then again with a composition playing whose \
            voices play every sound (all of them decoded and resampled for playing): what plays is laid out \
            again after each edit. Medians and 95th percentiles.
            """)

    @Option(help: "Compositions (1…1000).") var compositions = 100
    @Option(help: "Score events in all (1…100000).") var events = 10_000
    @Option(help: "Sounds (1…200).") var sounds = 60
    @Option(help: "Minutes of sound in all (1…120).") var minutes = 60
    @Option(help: "Edits timed in each case (10…1000).") var edits = 100

    func validate() throws {
        guard (1...1000).contains(compositions) else { throw ValidationError("--compositions takes 1 to 1000") }
        guard (1...100_000).contains(events) else { throw ValidationError("--events takes 1 to 100000") }
        guard (1...200).contains(sounds) else { throw ValidationError("--sounds takes 1 to 200") }
        guard (1...120).contains(minutes) else { throw ValidationError("--minutes takes 1 to 120") }
        guard (10...1000).contains(edits) else { throw ValidationError("--edits takes 10 to 1000") }
    }

    func run() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("imager-bench-music-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let location = folder.appendingPathComponent("library.sqlite")
        let library = try ChordsetLibrary.open(at: location)
        let (edited, everything) = try build(library)

        let instrument = LiveInstrument(engine: InstrumentEngine(chordset: FactoryChordsets.lumia, clock: ContinuousClock()))
        let session = LibrarySession.make(instrument: instrument, library: library, at: location, openSound: nil)
        let server = try await InProcessServer(session: session)
        defer { server.stop() }
        print("music edit, \(compositions) compositions, \(events) events, \(sounds) sounds of \(minutes) min in all (medians and 95th percentiles)")
        try report("idle", try await onAThreadOfItsOwn { try timedEdits(port: server.port, pair: edited) })
        guard let transport = session.transport else { return }
        let loading = ContinuousClock.now
        try await transport.play(pair: everything)
        print("  \(minutes) min of sound loaded for playing in \(FixedDecimals.format((ContinuousClock.now - loading).inSeconds, decimals: 1)) s")
        try report("playing", try await onAThreadOfItsOwn { try timedEdits(port: server.port, pair: edited) })
        await transport.stop()
    }

    /// The library: sounds and their voices, a voice holding them all, parts, scores and compositions; the
    /// pair the edits are made on, and the pair whose playing loads every sound.
    func build(_ library: ChordsetLibrary) throws -> (edited: Pair, everything: Pair) {
        let rate = 22_050
        let frames = minutes * 60 * rate / sounds
        return try library.changeMusic { music, files in
            var voices: [VoiceID] = []
            let band = try music.addVoice(named: "Band")
            for index in 0..<sounds {
                let tone = (0..<frames).map { Float(0.1 * sin(2 * Double.pi * Double(110 + index * 7) * Double($0) / Double(rate))) }
                let sound = try music.addSound(named: "Sound \(index + 1)", sampleRate: rate, channelCount: 1, frameCount: frames)
                files[sound] = try AudioFile.encode(AudioBuffer(sampleRate: rate, mono: tone)!, as: .wav)
                let voice = try music.addVoice(named: "Voice \(index + 1)", sound: .audio(sound))
                _ = try music.add(voice: voice, to: band)
                voices.append(voice)
            }
            let beats = 64.0
            let perPair = max(1, events / compositions)
            let spacing = Int(beats) * MusicalTime.ticksPerBeat / perPair
            var parts: [PartID] = []
            for index in 0..<compositions {
                let part = try music.addPart(named: "Part \(index + 1)", beats: beats, tempo: 120)
                parts.append(part)
                let pair = Pair(part, voices[index % voices.count])
                try music.setEvents(try (0..<perPair).map { try ScoreEvent(start: $0 * spacing, length: max(1, spacing / 2)) }, of: pair)
                _ = try music.addComposition(named: "Composition \(index + 1)", pair: pair)
            }
            // The first part plays every voice once, so that playing it with the band loads every sound.
            for voice in voices.dropFirst() {
                try music.setEvents([try ScoreEvent(start: 0, length: MusicalTime.ticksPerBeat)], of: Pair(parts[0], voice))
            }
            return (Pair(parts[compositions / 2], voices[(compositions / 2) % voices.count]), Pair(parts[0], band))
        }
    }

    /// Each edit's time to the `music` message and to the answer, in seconds.
    func timedEdits(port: Int, pair: Pair) throws -> (message: [Double], answer: [Double]) {
        let socket = try LoopbackWebSocket(port: port, path: "/live")
        _ = try socket.receive()  // the snapshot
        let clock = ContinuousClock()
        var toMessage: [Double] = [], toAnswer: [Double] = []
        // Between the last event of the pair's score (at 64 beats' worth of ticks spread) and the part's end:
        // the first range makes an event there, the next takes it away.
        let start = 63 * MusicalTime.ticksPerBeat + MusicalTime.ticksPerBeat * 3 / 4
        let edit = #"{"edits":[{"type":"editingRange","part":\#(pair.part.rawValue),"voice":\#(pair.voice.rawValue),"start":\#(start),"end":\#(start + 100),"gain":1}]}"#
        let arrived = Mutex<ContinuousClock.Instant?>(nil)
        for _ in 0..<edits {
            arrived.withLock { $0 = nil }
            let reader = Thread.detachedTask {
                while case .text(let text)? = try? socket.receive() {
                    if String(decoding: text, as: UTF8.self).contains(#""type":"music""#) {
                        arrived.withLock { $0 = clock.now }
                        return
                    }
                }
            }
            let sent = clock.now
            let (status, _) = try LoopbackHTTP.request(port: port, "POST", "/api/music/edits", json: edit)
            let answered = clock.now
            guard status == 200 else { throw CommandFailure("the edit was refused (\(status))") }
            reader.waitUntilDone()
            guard let message = arrived.withLock({ $0 }) else { throw CommandFailure("no music message came") }
            toMessage.append(sent.duration(to: message).inSeconds)
            toAnswer.append(sent.duration(to: answered).inSeconds)
        }
        return (toMessage, toAnswer)
    }

    /// Runs a blocking client on a thread of its own (never on the pool the server in this process needs).
    func onAThreadOfItsOwn<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        let result = Mutex<Result<T, any Error>?>(nil)
        let thread = Thread.detachedTask { result.withLock { $0 = Result(catching: body) } }
        await thread.finished(within: .seconds(3600))
        guard let outcome = result.withLock({ $0 }) else { throw CommandFailure("the client did not finish") }
        return try outcome.get()
    }

    func report(_ name: String, _ times: (message: [Double], answer: [Double])) throws {
        func figures(_ samples: [Double]) -> String {
            let sorted = samples.sorted()
            let ms = { (value: Double) in FixedDecimals.format(value * 1000, decimals: 2) }
            return "p50 \(ms(sorted[sorted.count / 2])) ms, p95 \(ms(sorted[min(sorted.count - 1, sorted.count * 95 / 100)])) ms"
        }
        print("  \(name): edit → music message \(figures(times.message)); edit → answer \(figures(times.answer))")
    }
}
