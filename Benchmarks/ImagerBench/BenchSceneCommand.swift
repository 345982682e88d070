import ArgumentParser
import ImagerCommandLine
import Instrument

/// `imager-bench scene`: the engine's frame evaluation with many live lumis.
struct BenchSceneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scene",
        abstract: "Measure how long one frame takes to evaluate with many live lumis (one core).",
        discussion: """
            Builds a performance from the factory chordsets with the given numbers of live lumis and \
            evaluates frames at 60 Hz steps, reporting the median, 90th percentile and best time per frame. \
            Build with `swift build -c release` for meaningful figures.
            """)

    @Option(name: .long, parsing: .upToNextOption, help: "Numbers of live lumis to measure (1…1000000).")
    var lumis: [Int] = [1_000, 10_000, 100_000]

    @Option(name: .long, help: "Seconds to spend measuring each size (0.1…60).")
    var seconds: Double = 2

    @Option(name: .long, help: "Evaluate exactly this many frames per size instead of timing for --seconds (for instruction counts).")
    var frames: Int?

    func validate() throws {
        if let frames, !(1...1_000_000).contains(frames) { throw ValidationError("--frames takes a number from 1 to 1000000") }
        guard !lumis.isEmpty, lumis.allSatisfy({ (1...1_000_000).contains($0) }) else {
            throw ValidationError("--lumis takes numbers from 1 to 1000000")
        }
        guard seconds.isFinite, (0.1...60).contains(seconds) else {
            throw ValidationError("--seconds takes a number from 0.1 to 60")
        }
    }

    func run() {
        print("lumis      instances  median ms  p90 ms  best ms  ns/lumi")
        for count in lumis {
            let benchmark = SceneBenchmark(lumis: count)
            let result = FrameTimer.measure(benchmark: benchmark, seconds: seconds, frames: frames)
            print(
                pad(benchmark.state.liveLumiCount, 9), pad(result.instances, 10), pad(result.median * 1e3, 10, 3),
                pad(result.p90 * 1e3, 7, 3), pad(result.best * 1e3, 8, 3),
                pad(result.median * 1e9 / Double(benchmark.state.liveLumiCount), 8, 1))
        }
    }

    private func pad(_ value: Int, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - String(value).count)) + String(value)
    }

    private func pad(_ value: Double, _ width: Int, _ decimals: Int) -> String {
        let text = FixedDecimals.format(value, decimals: decimals)
        return String(repeating: " ", count: max(0, width - text.count)) + text
    }
}
