import ArgumentParser
import Foundation
import Instrument
import Testing

@testable import ImagerCommandLine

@Suite("The imager command line")
struct CommandLineTests {
    @Test func helpListsTheSubcommands() {
        let help = Imager.helpMessage()
        for subcommand in ["version", "demo", "bench"] { #expect(help.contains(subcommand)) }
        #expect(help.contains("Image Performer"))
    }

    @Test func versionParsesAndTheVersionIsSet() throws {
        #expect(try Imager.parseAsRoot(["version"]) is VersionCommand)
        #expect(!ImagePerformerVersion.current.isEmpty)
    }

    @Test(arguments: [
        ["bench", "--lumis", "0"], ["bench", "--lumis", "2000000"], ["bench", "--seconds", "nan"],
        ["bench", "--seconds", "-1"], ["bench", "--frames", "0"], ["demo", "--chordset", "9"],
        ["demo", "--chordset", "Nonesuch"], ["demo", "--seconds", "inf"], ["demo", "--fps", "0"], ["frobnicate"],
        ["bench", "--lumis", "ten"],
    ])
    func badArgumentsGetAClearError(arguments: [String]) {
        do {
            _ = try Imager.parseAsRoot(arguments)
            Issue.record("\(arguments) accepted")
        } catch {
            let message = Imager.message(for: error)
            #expect(!message.isEmpty)
            #expect(Imager.exitCode(for: error) != .success)
        }
    }

    @Test func demoAcceptsAChordsetByNumberOrTitle() throws {
        #expect(try Imager.parseAsRoot(["demo", "--chordset", "3"]) is DemoCommand)
        #expect(try Imager.parseAsRoot(["demo", "--chordset", "pulse garden"]) is DemoCommand)
    }

    @Test func theDemoPerformancePlaysEveryChordOfEveryFactoryChordset() throws {
        for chordset in FactoryChordsets.all {
            let log = try DemoPerformance.log(playing: chordset, for: 8)
            var player = PerformancePlayer(log: log)
            var chordsHeard = Set<Int>()
            for frame in 0...80 {
                let scene = player.scene(at: Double(frame) / 10)
                if !scene.instances.isEmpty { chordsHeard.insert(player.state.selectedChord) }
                let line = DemoCommand.summary(of: scene, chordset: chordset, selected: player.state.selectedChord)
                #expect(line.hasPrefix("t="))
            }
            #expect(chordsHeard.count == 8, "\(chordset.title)")
        }
    }

    @Test func theTerminalCanvasDrawsEveryCellInColour() throws {
        let log = try DemoPerformance.log(playing: FactoryChordsets.lumia, for: 8)
        var canvas = TerminalCanvas(columns: 20, rows: 6)
        let text = canvas.draw(log.scene(at: 0.8))
        #expect(text.components(separatedBy: "▀").count - 1 == 20 * 6)
        #expect(text.components(separatedBy: "\n").count - 1 == 6)
    }

    @Test func theBenchmarkBuildsTheNumberOfLumisAskedFor() {
        let benchmark = SceneBenchmark(lumis: 500)
        #expect((500..<564).contains(benchmark.state.liveLumiCount))
        let result = FrameTimer.measure(benchmark: benchmark, seconds: 0.1, frames: 3)
        #expect(result.instances >= 500)
        #expect(result.best <= result.median && result.median <= result.p90)
    }

    @Test func numbersAreFormattedWithTheirDecimals() {
        #expect(FrameTimer.format(1.5, decimals: 3) == "1.500")
        #expect(FrameTimer.format(2, decimals: 1) == "2.0")
        #expect(FrameTimer.format(0.12345, decimals: 2) == "0.12")
    }
}
