import ArgumentParser
import Audio
import AudioDevice
import DMX
import Engine
import Foundation
import Instrument
import Library
import Recordings
import Server
import UserText

/// `imager serve`: the live instrument — the engine, and the server its clients talk to.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the live instrument: the engine, its canvas page and its server.",
        discussion: """
            Serves the console (/: the performer's panels), the canvas page (/canvas: open it in any browser, \
            full screen on click or f), the composition lab (/compose: parts and voices in trees, the selected \
            pair on an editing plane, played from there), the library's API (/api/, docs/library-api.md), /live (the \
            WebSocket of intents, state and frames, docs/live-protocol.md), /state and /status, and OSC on UDP \
            (docs/osc.md). Plays the library's current chordset. Recordings (started from a client or OSC) are \
            journaled to the recordings folder as they are played (on the disk at least every second) and saved \
            as performance logs, for `imager render performance`. Stops on Ctrl-C (SIGINT) or SIGTERM, saving a \
            recording under way; after a crash, the next start closes the unfinished recording and says so. \
            Plays the library's compositions live when a client or OSC asks (docs/composition.md): their sound \
            through SDL2 (--audio none: silent), their light on every canvas. The lab brings in audio files as \
            sounds (kept in the library) and renders compositions to WAV, FLAC or MP4 in the background, into \
            renders/ beside the library. Listens to an input or a file played as one (--listen; docs/listening.md): level, \
            bands, onsets and tempo reach the engine as heard intents a hundred times a second, for lumis to follow. \
            Keeps time with other apps through Ableton Link (--link, or the console). Sends the fixture patch's \
            DMX, sampled from the stage, over Art-Net or sACN (--dmx; docs/fixtures.md). Every canvas may be a stage \
            output (/canvas?output=NAME): a slice of the stage, corner-pinned or drawn through a grid, edge-blended \
            and masked, set up in the console's Outputs panel and kept in the library (docs/outputs.md).

            By default only this machine can reach it (127.0.0.1). --lan listens on the network and prints a \
            pairing token: pages are opened once with ?token=… (then a cookie keeps it), other clients send it \
            on every request; without it, 401.
            """)

    @Option(help: "The port for HTTP and WebSocket (1…65535).") var port = 8080
    @Option(name: .customLong("osc-port"), help: "The UDP port for OSC (1…65535; docs/osc.md).") var oscPort = 9000
    @OptionGroup var library: LibraryOption
    @Option(help: "Frames a second sent to canvases (1…240).") var fps = 60
    @Flag(help: "Listen on every network interface, and require the pairing token printed at start.") var lan = false
    @Flag(name: .customLong("osc-lan"), help: "With --lan: take OSC from the network too (else from this machine only).")
    var oscLan = false
    @Option(help: "The folder recordings are saved in (default: next to the library, in recordings/).")
    var recordings: String?
    @Option(help: "Where compositions are heard: sdl (the computer's sound, through SDL2) or none (silent, the light alone).")
    var audio = "sdl"
    @Option(help: ArgumentHelp(
        "What the instrument listens to: default (the default input), a capture device's name, an audio file played as the input, over and over (a rehearsal with a recording), or none.",
        valueName: "default|DEVICE|FILE|none"))
    var listen = "none"
    @Option(name: .customLong("osc-out"), help: ArgumentHelp(
        "Send OSC to HOST:PORT as the instrument plays — pads, chord, chordset, tempo, each beat, onsets, band levels, the transport (docs/osc.md). Repeatable.",
        valueName: "HOST:PORT"))
    var oscOut: [String] = []
    @Flag(help: "Join the Ableton Link session on the network at start (the console can join and leave it too): tempo both ways.")
    var link = false
    @Option(help: ArgumentHelp(
        "Send the fixture patch's DMX to a node: artnet:HOST[:PORT] (port 6454 unless said), sacn:HOST[:PORT] or sacn:multicast (docs/fixtures.md). Repeatable.",
        valueName: "TARGET"))
    var dmx: [String] = []
    @Option(name: .customLong("dmx-rate"), help: "DMX frames a second sent to the fixtures (1…44).")
    var dmxRate = LiveFixtures.defaultRate

    func validate() throws {
        guard (1...65535).contains(port) else { throw ValidationError("--port takes 1 to 65535") }
        guard (1...65535).contains(oscPort), oscPort != port else { throw ValidationError("--osc-port takes 1 to 65535, not the HTTP port") }
        guard (1...240).contains(fps) else { throw ValidationError("--fps takes 1 to 240") }
        guard !oscLan || lan else { throw ValidationError("--osc-lan needs --lan") }
        guard ["sdl", "none"].contains(audio) else { throw ValidationError("--audio takes sdl or none, not \(audio)") }
        guard !listen.isEmpty else { throw ValidationError("--listen takes default, a device's name, a file or none") }
        guard LiveFixtures.rates.contains(dmxRate) else { throw ValidationError("--dmx-rate takes 1 to 44") }
        for target in dmx {
            do throws(UserTextError) { _ = try DMXTarget(target) } catch { throw ValidationError("--dmx: \(error)") }
        }
    }

    func run() async throws {
        NicedThreads.makeServersPools()  // here, at the process's niceness, before a niced thread could make them
        let opened = try library.open()
        let chordset = try libraryCommand { () throws(LibraryError) in try opened.currentChordset() } ?? FactoryChordsets.lumia
        let recordingsFolder = recordings.map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? LibraryLocation.resolve(library.path).deletingLastPathComponent().appendingPathComponent("recordings", isDirectory: true)
        // The controls as the performer left them (seed 002's controls chord), if they were kept and still hold.
        let (kept, keptProblem) = opened.preferenceOrDefault(.controls)
        // Without them, the performance starts at the library's default tempo (the preferences set it).
        let (bpm, tempoProblem) = opened.preferenceOrDefault(.tempo)
        for problem in [keptProblem, tempoProblem].compactMap({ $0 }) { print("warning: \(problem)") }
        let tempo = (try? Tempo(beatsPerMinute: bpm)) ?? .standard  // in range: checked by the tempo preference
        let state = PerformanceState.onStage(chordset: chordset, controls: kept, tempo: tempo)
        let instrument = LiveInstrument(
            engine: InstrumentEngine(state: state, clock: ContinuousClock()), shelf: LibraryShelf(library: opened),
            recordings: FolderRecordings(folder: RecordingFolder(recordingsFolder)))
        do throws(LiveError) {
            for recovered in try instrument.recoverUnfinishedRecordings() {
                if let problem = recovered.problem {
                    print("warning: an unfinished recording could not be closed, and is kept at \(recovered.location): \(problem)")
                } else {
                    print("recovered an unfinished recording: \(recovered.location) (\(recovered.events) events, until \(FixedDecimals.format(recovered.until, decimals: 1)) s)")
                }
            }
        } catch {
            throw CommandFailure(error.message)
        }
        // The sound device is opened when a composition first plays: nothing of it is held, or said, before.
        let openSound: (@Sendable () throws -> any AudioOutput)? = audio == "sdl" ? { @Sendable in try SDLAudioOutput() } : nil
        let listening = LiveListening(instrument: instrument, open: ListeningInputs.open)
        try startListening(listening)
        let session = LibrarySession.make(
            instrument: instrument, library: opened, at: LibraryLocation.resolve(library.path), openSound: openSound,
            listening: listening, link: AbletonLink(bpm: tempo.beatsPerMinute),
            // What the engine draws is seen a frame later, at the canvas.
            lightLatency: 1 / Double(fps), followers: try await openFollowers(kept: opened.preferenceOrDefault(.oscOut).value),
            dmx: dmx.compactMap { try? DMXTarget($0) }, dmxRate: dmxRate, dmxSourceID: try dmxSourceID(opened))  // validated by validate()
        try joinLink(session)
        let token = lan ? PairingToken.random() : nil
        let configuration = ServerConfiguration(reach: token.map { .lan(token: $0) } ?? .loopback, port: port, fps: fps)
        let application = buildApplication(configuration: configuration, session: session, machineNames: NetworkAddresses.machineNames()) { port in
            // Said once it answers, so that whoever started it (a script, a test) waits for this line, not a timer.
            print("ready: answering on port \(port)")
            fflush(nil)
        }
        let oscHost = oscLan ? "0.0.0.0" : "127.0.0.1"
        let listener: OSCListener
        do {
            listener = try await OSCListener.bind(host: oscHost, port: oscPort)
        } catch {
            throw CommandFailure("cannot listen for OSC on UDP port \(oscPort): \(error)")
        }
        let dispatch = ControlDispatch(instrument: instrument, transport: session.transport)
        printAddresses(playing: chordset, token: token, oscHost: oscHost, oscPort: listener.port)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await listener.run { await dispatch.perform($0) == nil } }
            try await application.runService()  // returns on SIGINT or SIGTERM, after closing its clients
            await listener.close()
            try await group.waitForAll()
        }
        do throws(LiveError) {
            if let saved = try await instrument.stopRecording() { print("recording saved: \(saved)") }
        } catch {
            throw CommandFailure(error.message)
        }
    }

    /// Listens to what `--listen` names. A file that is not there or not audio, or a device that cannot be
    /// opened, stops the command with the reason; the default input missing is said, and the instrument plays on unheard.
    /// The sACN identifier the library keeps, made and kept at the first start (a run's own, and said, when it
    /// cannot be kept).
    private func dmxSourceID(_ library: ChordsetLibrary) throws -> [UInt8] {
        let (kept, problem) = library.preferenceOrDefault(.dmxSourceID)
        if let problem { print("warning: \(problem)") }
        let id = kept.flatMap(UUID.init(uuidString:)) ?? UUID()
        if kept == nil {
            do throws(LibraryError) { try library.setPreference(.dmxSourceID, to: id.uuidString) } catch {
                print("warning: the DMX source's identifier cannot be kept: \(error.message)")
            }
        }
        return withUnsafeBytes(of: id.uuid) { Array($0) }
    }

    private func startListening(_ listening: LiveListening<ContinuousClock>) throws {
        let source = ListeningSource(argument: listen) { FileManager.default.fileExists(atPath: $0) }
        if case .device(let name) = source, ListeningSource.namesAFile(name) {
            let inputs = ListeningInputs.deviceNames()
            throw CommandFailure(
                "no such file: \(name); the inputs there are: default\(inputs.map { ", " + $0 }.joined()) (or --listen none)")
        }
        do throws(LiveError) {
            let status = try listening.listen(to: source)
            if source != .none { print("listening to \(status.source)") }
        } catch {
            guard source == .defaultInput else { throw CommandFailure(error.message) }
            print("warning: \(error.message); nothing will be heard (choose an input in the console)")
        }
    }

    /// Those who follow the instrument over OSC: `--osc-out`'s targets (one that cannot be read or found stops
    /// the command with the reason) and the preferences' (one that cannot be found is said, and looked up again
    /// every 5 s). A target dropped while the show goes on is tried again every 5 s (`OSCHealingService`).
    private func openFollowers(kept: [String]) async throws -> OSCFollowers {
        do {
            return try await OSCFollowers.open(oscOut, kept: kept) { print("warning: \($0)"); fflush(nil) }
        } catch {
            throw CommandFailure(error.description)
        }
    }

    /// Joins the Link session when `--link` asks.
    private func joinLink(_ session: LiveSession<ContinuousClock>) throws {
        guard link else { return }
        guard let live = session.link else { throw CommandFailure("cannot join Link: the Link session could not be made") }
        do throws(LiveError) { try live.set(enabled: true, quantum: nil) } catch { throw CommandFailure(error.message) }
        print("joined the Link session")
    }

    private func printAddresses(playing chordset: Chordset, token: PairingToken?, oscHost: String, oscPort: Int) {
        print("Image Performer \(ImagePerformerVersion.current) — playing “\(chordset.title)”")
        let lan = token == nil ? [] : NetworkAddresses.lanIPv4()
        if token != nil, lan.isEmpty {
            print(NetworkAddresses.problem().map { "warning: this machine's network addresses cannot be read (\($0)): only this machine can reach it" }
                ?? "warning: this machine is on no network yet: only this machine can reach it")
        }
        let hosts = ["127.0.0.1"] + lan
        let query = token.map { "?token=\($0)" } ?? ""
        // The console first: it is where a performer starts.
        for host in hosts {
            print("  console: http://\(host):\(port)/\(query)")
        }
        for host in hosts {
            print("  canvas:  http://\(host):\(port)/canvas\(query)")
        }
        for host in hosts {
            print("  lab:     http://\(host):\(port)/compose\(query)")
        }
        print("  live:    ws://\(hosts.last ?? "127.0.0.1"):\(port)/live\(query)")
        for target in oscOut { print("  OSC out: udp://\(target)") }
        print("  OSC:     udp://\(oscHost):\(oscPort)")
        if let token { print("  pairing token: \(token) (give it only to the devices that play)") }
        // Started from a pipe (tests, scripts): say it now, not when the buffer fills.
        fflush(nil)
    }
}
