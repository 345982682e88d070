import ArgumentParser
import Foundation
import Geometry
import ImageFiles
import Instrument

/// `imager demo`: plays a factory chordset through its eight chords and shows the canvas in the terminal,
/// until `imager serve` brings the browser canvas.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Play a factory chordset and show the canvas in this terminal.",
        discussion: """
            Plays each of the chordset's eight chords in turn, as a performer would from the pads, and draws \
            the canvas in colour with terminal block characters. When the output is not a terminal it prints \
            one line a second instead. The live instrument is `imager serve`; its browser canvas is coming.
            """)

    @Option(name: .long, help: "Which factory chordset to play: its number (1…\(FactoryChordsets.all.count)) or title.")
    var chordset = "1"

    @Option(name: .long, help: "How long to play, in seconds (1…600).")
    var seconds = 12.0

    @Option(name: .long, help: "Frames a second drawn in the terminal (1…30).")
    var fps = 15

    @Option(name: .long, help: "Also write the demo's performance log to this JSON file (for `imager render performance`).")
    var record: String?

    @Flag(name: .customLong("record-only"), help: "With --record: write the log and do not play it.")
    var recordOnly = false

    func validate() throws {
        _ = try chosenChordset()
        if recordOnly, record == nil { throw ValidationError("--record-only needs --record FILE") }
        guard seconds.isFinite, (1...600).contains(seconds) else { throw ValidationError("--seconds takes 1 to 600") }
        guard (1...30).contains(fps) else { throw ValidationError("--fps takes 1 to 30") }
    }

    private func chosenChordset() throws -> Chordset {
        let all = FactoryChordsets.all
        if let number = Int(chordset), (1...all.count).contains(number) { return all[number - 1] }
        if let match = all.first(where: { $0.title.lowercased() == chordset.lowercased() }) { return match }
        throw ValidationError(
            "no factory chordset \"\(chordset)\"; choose 1…\(all.count) or one of: "
                + all.map(\.title).joined(separator: ", "))
    }

    func run() throws {
        let chosen = try chosenChordset()
        let log = try DemoPerformance.log(playing: chosen, for: seconds)
        if let record {
            let url = URL(fileURLWithPath: record)
            do {
                try AtomicFile.write(try log.fileContents(), to: url)
            } catch {
                throw CommandFailure("the performance could not be saved in \(url.path)", cause: error)
            }
            if recordOnly { return }
        }
        var player = PerformancePlayer(log: log)
        let terminal = TerminalCanvas.standardOutputIsTerminal()
        print("Image Performer \(ImagePerformerVersion.current) — playing “\(chosen.title)”: "
            + chosen.chords.map(\.title).joined(separator: " · "))
        let clock = ContinuousClock()
        let start = clock.now
        let frameSeconds = terminal ? 1 / Double(fps) : 1
        var frame = 0
        var canvas = TerminalCanvas(columns: 96, rows: 27)
        while Double(frame) * frameSeconds <= seconds {
            let time = Double(frame) * frameSeconds
            let due = start.advanced(by: .milliseconds(Int64(time * 1000)))
            if due > clock.now { Thread.sleep(forTimeInterval: (due - clock.now).inSeconds) }
            let scene = player.scene(at: time)
            if terminal {
                print(canvas.draw(scene), terminator: "")
            } else {
                print(Self.summary(of: scene, chordset: chosen, selected: player.state.selectedChord))
            }
            frame += 1
        }
        if terminal { print(TerminalCanvas.reset) }
        print("Play it live: `imager serve` (the /live WebSocket and OSC); its browser console and canvas are coming.")
    }

    static func summary(of scene: Scene, chordset: Chordset, selected: Int) -> String {
        let lumis = scene.instances.filter { $0.layer == .lumis }.count
        let background = HSVColor(scene.background)
        return "t=\(FixedDecimals.format(scene.time, decimals: 1))s  chord \(selected + 1) “\(chordset[selected].title)”  "
            + "lumis \(lumis)  background \(Spectrum.namedHue(at: background.hue).name) "
            + "(brightness \(FixedDecimals.format(background.value, decimals: 2)))"
    }
}

/// The demo's scripted performance: each chord in turn, recalled and played from its pad, with a tap in
/// between.
package enum DemoPerformance {
    package static func log(playing chordset: Chordset, for seconds: Double) throws -> PerformanceLog {
        var events: [PerformanceEvent] = []
        let turn = seconds / Double(Chordset.chordCount)
        for pad in 0..<Chordset.chordCount {
            let start = Double(pad) * turn
            events.append(PerformanceEvent(time: start, intent: .recallChord(pad)))
            events.append(PerformanceEvent(time: start, intent: .padDown(pad: pad, velocity: 0.9)))
            events.append(PerformanceEvent(
                time: start + turn * 0.5,
                intent: .tap(at: Point(x: 0.2 + 0.6 * Double(pad % 4) / 3, y: pad < 4 ? 0.3 : 0.7), velocity: 0.7)))
            events.append(PerformanceEvent(time: start + turn * 0.85, intent: .padUp(pad: pad)))
        }
        return try PerformanceLog(chordset: chordset, events: events)
    }
}
