import ArgumentParser
import Audio
import AudioFiles
import Composition
import Foundation
import ImagerCommandLine

/// `imager-bench mixdown`: a composition's mixdown against `sox -m` on the same files, in one run.
struct BenchMixdownCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mixdown",
        abstract: "Time mixing down --voices voices of --seconds of sound each, against sox -m on the same files.",
        discussion: """
            Writes --voices WAV files (44.1 kHz stereo, 24-bit, --seconds long, each a different tone) to a temporary \
            folder; a composition of one part and --voices voices, each playing one file from the start, is mixed \
            down by the Performance in blocks of --block frames (as an audio device pulls it). Reports, as medians of \
            --runs: the mix alone, and the whole job as `imager compose render` does it — read and decode the files, \
            mix, encode and write the mix — each as a multiple of real time; and `sox -m` doing the same job, and the \
            ratio of the two, measured in the same run.
            """)

    @Option(help: "Voices (1…64).") var voices = 16
    @Option(help: "Seconds of sound per voice (1…600).") var seconds = 60
    @Option(help: "Frames per render call (64…65536).") var block = 512
    @Option(help: "Repetitions (1…100).") var runs = 5

    func validate() throws {
        guard (1...64).contains(voices) else { throw ValidationError("--voices takes 1 to 64") }
        guard (1...600).contains(seconds) else { throw ValidationError("--seconds takes 1 to 600") }
        guard (64...65_536).contains(block) else { throw ValidationError("--block takes 64 to 65536") }
        guard (1...100).contains(runs) else { throw ValidationError("--runs takes 1 to 100") }
    }

    func run() throws {
        let rate = 44_100
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("imager-bench-mix-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = try (0..<voices).map { voice in
            let url = folder.appendingPathComponent("voice-\(voice).wav")
            try AudioFile.write(Self.tone(voice: voice, seconds: seconds, rate: rate), to: url)
            return url
        }
        let clock = ContinuousClock()
        var mixTimes: [Double] = [], decodeTimes: [Double] = [], encodeTimes: [Double] = [], soxTimes: [Double] = []
        for run in 0..<runs {
            // Ours: read and decode, mix, encode and write, each timed.
            var start = clock.now
            var buffers: [AudioBuffer] = []
            for file in files { buffers.append(try AudioFile.read(file)) }
            decodeTimes.append((clock.now - start).inSeconds)
            var library = MusicLibrary()
            let part = try library.addPart(named: "Bench", beats: Double(seconds) * 2, tempo: 120)
            let mix = try library.addVoice(named: "Mix")
            var samples: [SoundID: AudioBuffer] = [:]
            for (index, buffer) in buffers.enumerated() {
                let sound = try library.addSound(named: "Voice \(index)", sampleRate: rate, channelCount: 2, frameCount: buffer.frameCount)
                samples[sound] = buffer
                let voice = try library.addVoice(named: "Voice \(index)", sound: .audio(sound))
                try library.add(voice: voice, to: mix)
                try library.setEvents([try ScoreEvent(start: 0, length: seconds * 2 * MusicalTime.ticksPerBeat)], of: Pair(part, voice))
            }
            var performance = try Performance(Arrangement(of: Pair(part, mix), in: library, sampleRate: rate), sounds: samples)
            let total = performance.arrangement.frameCount
            start = clock.now
            let output = performance.rendered(frameCount: total, blockSize: block)
            mixTimes.append((clock.now - start).inSeconds)
            start = clock.now
            try AudioFile.write(AudioBuffer(sampleRate: rate, channelCount: 2, samples: output)!, to: folder.appendingPathComponent("ours-\(run).wav"))
            encodeTimes.append((clock.now - start).inSeconds)
            // sox: the same files, mixed without scaling, written as 24-bit WAV.
            start = clock.now
            try Self.sox(files.flatMap { ["-v", "1", $0.path] } + ["-b", "24", folder.appendingPathComponent("sox-\(run).wav").path])
            soxTimes.append((clock.now - start).inSeconds)
        }
        let median = { (samples: [Double]) in samples.sorted()[samples.count / 2] }
        let audio = Double(seconds)
        let whole = zip(zip(decodeTimes, mixTimes), encodeTimes).map { $0.0 + $0.1 + $1 }
        func line(_ name: String, _ samples: [Double]) -> String {
            "\(name) median \(FixedDecimals.format(median(samples) * 1000, decimals: 1)) ms = \(FixedDecimals.format(audio / median(samples), decimals: 0))× real time"
        }
        print("mixdown of \(voices) voices × \(seconds) s at 44.1 kHz stereo, blocks of \(block) frames, \(runs) runs")
        print(line("  mix alone (Performance.render)   ", mixTimes))
        print(line("  read and decode \(voices) WAV files     ", decodeTimes))
        print(line("  encode and write the mix (24-bit)", encodeTimes))
        print(line("  ours, the whole job              ", whole))
        print(line("  sox -m, the whole job            ", soxTimes))
        print("  ours ÷ sox, the whole job: \(FixedDecimals.format(median(soxTimes) / median(whole), decimals: 2))× as fast; the mix alone: \(FixedDecimals.format(median(soxTimes) / median(mixTimes), decimals: 1))×")
    }

    /// A voice's sound: a tone of its own, a little quieter than full scale over sixteen voices.
    static func tone(voice: Int, seconds: Int, rate: Int) -> AudioBuffer {
        let frequency = 110 * pow(2, Double(voice) / 5)
        var samples = [Float](repeating: 0, count: 2 * seconds * rate)
        for frame in 0..<(seconds * rate) {
            let value = Float(0.05 * sin(2 * Double.pi * frequency * Double(frame) / Double(rate)))
            samples[2 * frame] = value
            samples[2 * frame + 1] = value * 0.8
        }
        return AudioBuffer(sampleRate: rate, channelCount: 2, samples: samples)!
    }

    static func sox(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sox", "-m"] + arguments
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw ValidationError("sox failed (is it installed? make installs it)") }
    }
}
