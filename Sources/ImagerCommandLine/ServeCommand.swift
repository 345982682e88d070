import ArgumentParser
import Engine
import Foundation
import Instrument
import Library
import Server

/// `imager serve`: the live instrument — the engine, and the server its clients talk to.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the live instrument: the engine and its server on 127.0.0.1.",
        discussion: """
            Serves /live (the WebSocket of intents and state, docs/live-protocol.md) and /state. Plays the \
            library's current chordset. Stops on Ctrl-C (SIGINT) or SIGTERM. The browser console and canvas \
            pages and OSC come next.
            """)

    @Option(help: "The port for HTTP and WebSocket (1…65535).") var port = 8080
    @OptionGroup var library: LibraryOption

    func validate() throws {
        guard (1...65535).contains(port) else { throw ValidationError("--port takes 1 to 65535") }
    }

    func run() async throws {
        let opened = try library.open()
        let chordset = try libraryCommand { () throws(LibraryError) in try opened.currentChordset() } ?? FactoryChordsets.lumia
        let engine = InstrumentEngine(chordset: chordset, clock: ContinuousClock())
        let application = buildApplication(configuration: ServerConfiguration(port: port), engine: engine)
        print("Image Performer \(ImagePerformerVersion.current) — playing “\(chordset.title)”")
        print("  live:  ws://127.0.0.1:\(port)/live")
        print("  state: http://127.0.0.1:\(port)/state")
        try await application.runService()
    }
}
