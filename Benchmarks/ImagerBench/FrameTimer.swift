import Instrument

/// Times frame evaluation with a monotonic clock and summarises the samples.
enum FrameTimer {
    struct Result {
        var median: Double
        var p90: Double
        var best: Double
        var instances: Int
    }

    static func measure(benchmark: SceneBenchmark, seconds: Double, frames: Int? = nil) -> Result {
        let clock = ContinuousClock()
        var scene = benchmark.state.scene(at: benchmark.frameTime)  // warm up, and size the buffers
        var samples: [Double] = []
        let deadline = clock.now.advanced(by: .milliseconds(Int64(seconds * 1000)))
        var frame = 0
        while frames.map({ samples.count < $0 }) ?? (clock.now < deadline || samples.count < 5) {
            let time = benchmark.frameTime + Double(frame % 60) / 60
            let start = clock.now
            benchmark.state.render(at: time, into: &scene)
            samples.append((clock.now - start).inSeconds)
            frame += 1
        }
        samples.sort()
        return Result(
            median: samples[samples.count / 2], p90: samples[samples.count * 9 / 10], best: samples[0],
            instances: scene.instances.count)
    }
}
