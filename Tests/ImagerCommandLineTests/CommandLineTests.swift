import ArgumentParser
import Foundation
import Instrument
import Testing

@testable import ImagerCommandLine

@Suite("The imager command line")
struct CommandLineTests {
    @Test func helpListsTheSubcommands() {
        let help = Imager.helpMessage()
        for subcommand in ["version", "serve", "demo", "render"] { #expect(help.contains(subcommand)) }
        #expect(help.contains("Image Performer"))
    }

    @Test func versionParsesAndTheVersionIsSet() throws {
        #expect(try Imager.parseAsRoot(["version"]) is VersionCommand)
        #expect(!ImagePerformerVersion.current.isEmpty)
    }

    /// The tests are built from this checkout, so the binary knows its commit: the one git says.
    @Test func versionSaysTheCommitItWasBuiltFrom() throws {
        let commit = try #require(ImagePerformerVersion.commit)
        #expect(commit.count == 40 && commit.allSatisfy(\.isHexDigit))
        #expect(ImagePerformerVersion.described.hasPrefix("imager \(ImagePerformerVersion.current) (commit \(commit)"))
    }

    @Test(arguments: [
        ["demo", "--chordset", "9"], ["demo", "--chordset", "Nonesuch"], ["demo", "--seconds", "inf"],
        ["demo", "--fps", "0"], ["frobnicate"], ["bench"],
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

    @Test func numbersAreFormattedWithTheirDecimals() {
        #expect(FixedDecimals.format(1.5, decimals: 3) == "1.500")
        #expect(FixedDecimals.format(2, decimals: 1) == "2.0")
        #expect(FixedDecimals.format(0.12345, decimals: 2) == "0.12")
    }
}
