import ArgumentParser
import Audio
import AudioFiles
import Foundation
import Listening

/// `imager analyse FILE`: what the instrument would hear in a sound file — its onsets, the tempo they suggest,
/// the bands — as JSON, analysed as fast as the machine goes. For checking a track before a show, and for the
/// listening figures (bench/listening_figures.py).
struct AnalyseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "analyse",
        abstract: "Analyse a sound file as the instrument listens: onsets, tempo and bands, as JSON.",
        discussion: """
            Prints {"seconds", "sampleRate", "onsets" (seconds), "tempo" (the track's: the estimate it held most, \
            BPM, or null), "tempi" ([second, BPM] once a second, the estimate the instrument follows live), "bands" \
            (the mean of each band while not gated), "onsetDelayMilliseconds" (from an onset to the hop that tells \
            it: median and 95th percentile), "beats" and "bars" (seconds: the beat grid the tempo lays on the \
            onsets, fitted to them, and every fourth beat from the strongest downbeat; [] with no steady beat), \
            "gridTempo" (that grid's tempo, BPM, or null), "analysisSeconds", "realTimeMultiple"}. The analysis is the one \
            `imager serve --listen` runs (docs/listening.md).
            """)

    @Argument(help: "An audio file (WAV, AIFF, FLAC, Ogg, MP3).") var file: String

    struct Report: Encodable {
        let seconds: Double
        let sampleRate: Int
        let onsets: [Double]
        let tempo: Double?
        let tempi: [[Double]]
        let beats: [Double]
        let bars: [Double]
        let gridTempo: Double?
        let bands: [String: Double]
        let onsetDelayMilliseconds: [Double]
        let analysisSeconds: Double
        let realTimeMultiple: Double

        private enum Key: String, CodingKey { case seconds, sampleRate, onsets, tempo, tempi, beats, bars, gridTempo, bands, onsetDelayMilliseconds, analysisSeconds, realTimeMultiple }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Key.self)
            try c.encode(seconds, forKey: .seconds)
            try c.encode(sampleRate, forKey: .sampleRate)
            try c.encode(onsets, forKey: .onsets)
            try c.encode(tempo, forKey: .tempo)
            try c.encode(tempi, forKey: .tempi)
            try c.encode(beats, forKey: .beats)
            try c.encode(bars, forKey: .bars)
            try c.encode(gridTempo, forKey: .gridTempo)
            try c.encode(bands, forKey: .bands)
            try c.encode(onsetDelayMilliseconds, forKey: .onsetDelayMilliseconds)
            try c.encode(analysisSeconds, forKey: .analysisSeconds)
            try c.encode(realTimeMultiple, forKey: .realTimeMultiple)
        }
    }

    func run() throws {
        let sound: AudioBuffer
        do { sound = try AudioFile.read(URL(fileURLWithPath: file)) } catch {
            throw CommandFailure("cannot analyse \(file): \(error)")
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        print(String(decoding: try encoder.encode(Self.report(of: sound)), as: UTF8.self))
    }

    /// What `sound` is heard as, timed.
    static func report(of sound: AudioBuffer) -> Report {
        let hearing = TrackHearing(sampleRate: sound.sampleRate)
        var tempi: [[Double]] = [], delays: [Double] = []
        var sums = SIMD4<Double>.zero, heard = 0
        let hopsPerSecond = hearing.analyzer.settings.framesPerSecond
        var hops = 0
        let started = ContinuousClock.now
        sound.samples.withUnsafeBufferPointer { samples in
            hearing.hear(samples, channels: sound.channelCount) { frame in
                hops += 1
                if let time = frame.onsetTime { delays.append((frame.time - time) * 1000) }
                if !frame.gated {
                    sums += SIMD4<Double>(frame.bands)
                    heard += 1
                }
                if hops % hopsPerSecond == 0, let estimate = frame.tempo { tempi.append([frame.time, estimate]) }
            }
        }
        let track = hearing.track
        let elapsed = started.duration(to: .now)
        let cost = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        let means = heard > 0 ? sums / Double(heard) : .zero
        return Report(
            seconds: sound.duration, sampleRate: sound.sampleRate, onsets: track.onsets.map(\.time), tempo: track.estimate, tempi: tempi,
            beats: track.beats.map(\.time), bars: track.bars.map(\.time), gridTempo: track.beats.isEmpty ? nil : track.tempo,
            bands: ["low": means[0], "lowMid": means[1], "highMid": means[2], "high": means[3]],
            onsetDelayMilliseconds: Self.median95(delays),
            analysisSeconds: cost, realTimeMultiple: cost > 0 ? sound.duration / cost : 0)
    }

    /// The median and the 95th percentile ([] when there is nothing).
    static func median95(_ values: [Double]) -> [Double] {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return [] }
        return [0.5, 0.95].map { sorted[min(sorted.count - 1, Int(Double(sorted.count) * $0))] }
    }
}
