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
            Serves /live (the WebSocket of intents and state, docs/live-protocol.md) and /state, and OSC on \
            UDP (docs/osc.md). Plays the library's current chordset. Stops on Ctrl-C (SIGINT) or SIGTERM. The \
            browser console and canvas pages come next.
            """)

    @Option(help: "The port for HTTP and WebSocket (1…65535).") var port = 8080
    @Option(name: .customLong("osc-port"), help: "The UDP port for OSC on 127.0.0.1 (1…65535; docs/osc.md).") var oscPort = 9000
    @OptionGroup var library: LibraryOption

    func validate() throws {
        guard (1...65535).contains(port) else { throw ValidationError("--port takes 1 to 65535") }
        guard (1...65535).contains(oscPort), oscPort != port else { throw ValidationError("--osc-port takes 1 to 65535, not the HTTP port") }
    }

    func run() async throws {
        let opened = try library.open()
        let chordset = try libraryCommand { () throws(LibraryError) in try opened.currentChordset() } ?? FactoryChordsets.lumia
        let engine = InstrumentEngine(chordset: chordset, clock: ContinuousClock())
        let application = buildApplication(configuration: ServerConfiguration(port: port), engine: engine)
        let listener: OSCListener
        do {
            listener = try await OSCListener.bind(port: oscPort)
        } catch {
            throw CommandFailure("cannot listen for OSC on UDP port \(oscPort): \(error)")
        }
        let dispatch = ControlDispatch(engine: engine) { playing, offset in
            // The neighbour in the library's list, which then plays on the pads.
            guard let list = try? opened.list(), let index = list.firstIndex(where: { $0.id == playing.id }),
                  list.indices.contains(index + offset), let next = try? opened.chordset(id: list[index + offset].id)
            else { return nil }
            try? opened.setCurrentChordset(index: index + offset)
            return next
        }
        print("Image Performer \(ImagePerformerVersion.current) — playing “\(chordset.title)”")
        print("  live:  ws://127.0.0.1:\(port)/live")
        print("  state: http://127.0.0.1:\(port)/state")
        print("  OSC:   udp://127.0.0.1:\(listener.port)")
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await listener.run { await dispatch.perform($0) } }
            try await application.runService()  // returns on SIGINT or SIGTERM, after closing its clients
            await listener.close()
            try await group.waitForAll()
        }
    }
}
