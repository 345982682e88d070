import ArgumentParser
import Testing

@testable import imager_bench

@Suite("The benchmarks' command line")
struct ImagerBenchTests {
    @Test func helpListsTheBenchmarks() {
        let help = ImagerBench.helpMessage()
        for subcommand in ["scene", "raster", "library", "live", "soak"] { #expect(help.contains(subcommand)) }
    }

    @Test(arguments: [
        ["scene", "--lumis", "0"], ["scene", "--lumis", "2000000"], ["scene", "--seconds", "nan"],
        ["scene", "--seconds", "-1"], ["scene", "--frames", "0"], ["--lumis", "ten"], ["live", "--clients", "0"],
        ["live", "--seconds", "inf"], ["soak", "--rate", "0"], ["soak", "--stalled", "101"], ["library", "--runs", "0"],
        ["raster", "--radius", "0"], ["raster", "--radius", "nan"], ["raster", "--radius", "501"],
    ])
    func badArgumentsGetAClearError(arguments: [String]) {
        do {
            _ = try ImagerBench.parseAsRoot(arguments)
            Issue.record("\(arguments) accepted")
        } catch {
            #expect(!ImagerBench.message(for: error).isEmpty)
            #expect(ImagerBench.exitCode(for: error) != .success)
        }
    }

    @Test func theBenchmarkBuildsTheNumberOfLumisAskedFor() {
        let benchmark = SceneBenchmark(lumis: 500)
        #expect((500..<564).contains(benchmark.state.liveLumiCount))
        let result = FrameTimer.measure(benchmark: benchmark, seconds: 0.1, frames: 3)
        #expect(result.instances >= 500)
        #expect(result.best <= result.median && result.median <= result.p90)
    }


    @Test func circlesOfOneRadiusLieWhereTheRandomOnesDo() {
        let random = BenchmarkCircles.make(count: 50), fixed = BenchmarkCircles.make(count: 50, radius: 12.5)
        #expect(fixed.map { [$0.x, $0.y] } == random.map { [$0.x, $0.y] })
        #expect(fixed.map(\.color) == random.map(\.color))
        #expect(fixed.allSatisfy { $0.radius == 12.5 })
        #expect(Set(random.map(\.radius)).count == 50 && random.allSatisfy { (4...40).contains($0.radius) })
    }

    @Test func aTempoChangeIsKnownByItsTempo() {
        let message = #"{"aspects":["tempo"],"tempo":\#(BenchLiveCommand.tempo(417))}"#
        #expect(BenchLiveCommand.tempoIndex(in: Array(message.utf8)) == 417)
        #expect(BenchLiveCommand.tempoIndex(in: Array(#"{"aspects":["palette"]}"#.utf8)) == nil)
    }
}
