import Engine
import Instrument

/// The live instrument as the server reaches it: its use cases (`LiveInstrument`, `LiveLibrary`), everyone connected to
/// `/live` (the hub, which hears every change the instrument makes, whoever asked for it), and how long the
/// frame ticker's ticks take.
public final class LiveSession<C: Clock>: Sendable where C.Duration == Duration {
    public let instrument: LiveInstrument<C>
    /// The chordset list's use cases, for `/api/` (nil: the instrument has no library, and `/api/` says so).
    public let library: LiveLibrary<C>?
    let hub: LiveHub<C>
    /// How long the frame ticker's last ticks took.
    public let ticks = TickStatistics()
    /// The composition transport, moved on every frame (nil: the instrument plays no compositions).
    public let transport: CompositionTransport<C>?
    /// The music library's use cases, for `/api/music` (nil: the instrument has none, and `/api/music` says so).
    public let music: LiveMusic<C>?
    /// The library's damaged records, for `/api/library/damaged` (nil: the instrument has no library).
    public let repairs: LiveRepairs<C>?
    /// Renders of compositions to files, for `/api/renders` (nil: the instrument renders none).
    public let renders: LiveRenders?
    /// What the instrument listens to, for `/api/listening` and `/status` (nil: it cannot listen).
    public let listening: LiveListening<C>?
    /// The Link session the instrument can join (nil: it cannot).
    public let link: LiveLink<C>?
    /// Those who follow the instrument over OSC (nil: nobody).
    public let followers: OSCFollowers?
    /// The capture devices there are, for the console's chooser.
    let listeningDevices: @Sendable () -> [String]
    /// The LED fixtures and where their DMX goes (nil: none are patched or sent).
    public let fixtures: LiveFixtures?
    /// The stage's outputs: the canvases as mapped outputs (nil: only Main, unmapped).
    public let outputs: LiveOutputs?
    /// The scene the frame ticker last drew.
    let stage = LatestScene()

    public init(
        instrument: LiveInstrument<C>, library: LiveLibrary<C>? = nil, transport: CompositionTransport<C>? = nil,
        music: LiveMusic<C>? = nil, repairs: LiveRepairs<C>? = nil, renderer: (any CompositionRenderer)? = nil,
        listening: LiveListening<C>? = nil, listeningDevices: @escaping @Sendable () -> [String] = { [] },
        link: LiveLink<C>? = nil, followers: OSCFollowers? = nil, fixtures: LiveFixtures? = nil, outputs: LiveOutputs? = nil
    ) {
        self.instrument = instrument
        self.fixtures = fixtures
        self.outputs = outputs
        self.link = link
        self.followers = followers
        self.listening = listening
        self.listeningDevices = listeningDevices
        self.library = library
        self.transport = transport
        self.music = music
        self.repairs = repairs
        let hub = LiveHub(clock: instrument.engine.clock)
        self.hub = hub
        renders = renderer.map { renderer in LiveRenders(renderer: renderer) { hub.broadcast(LiveMessages.render($0)) } }
        instrument.listen(hub)
        if let followers { instrument.listen(followers) }
    }

    /// The engine the instrument plays.
    public var engine: InstrumentEngine<C> { instrument.engine }

    /// Each output with how many canvases show it (nil: the instrument has only Main).
    var outputStatus: [LiveOutputStatus]? {
        guard let outputs else { return nil }
        let showing = hub.canvasesShowing
        return outputs.now.outputs.outputs.map { LiveOutputStatus(name: $0.name, canvases: showing[$0.name] ?? 0) }
    }

    /// How the server is doing, as `/status` tells it.
    public var status: LiveStatus {
        get async {
            let counts = hub.counts
            let ticks = ticks.recent.sorted()
            func milliseconds(_ fraction: Double) -> Double {
                guard !ticks.isEmpty else { return 0 }
                return ticks[min(ticks.count - 1, Int(Double(ticks.count) * fraction))].inSeconds * 1000
            }
            return LiveStatus(
                clients: counts.clients, canvases: counts.canvases, evicted: hub.evictedCount, droppedFrames: hub.droppedFrames,
                tickMedianMilliseconds: milliseconds(0.5), tickP99Milliseconds: milliseconds(0.99),
                recordedEvents: await engine.recordedEventCount, recordingIsFull: await engine.recordingIsFull,
                recordingProblem: instrument.recordingProblem, lumis: await engine.lumiCounts,
                canvasReports: hub.canvasReports, listening: listening?.status, link: link?.status,
                oscOut: followers?.status, dmx: fixtures?.status, outputs: outputStatus)
        }
    }
}

extension LiveHub: LiveAudience {
    func changed(_ aspects: Set<PerformanceState.Aspect>, state: EngineSnapshot) {
        // Sound heard a hundred times a second is told as `heard` messages, not as changes of the state.
        let told = aspects.subtracting([.heard])
        guard !told.isEmpty || aspects.isEmpty else { return }
        broadcast(StateChange(aspects: told, state: state))
    }

    func recording(_ on: Bool, savedAt location: String?) {
        broadcast(LiveMessages.recording(on, file: location))
    }

    func recordingFailed(_ problem: String, stopped: Bool, savedAt location: String?) {
        broadcast(LiveMessages.recording(!stopped, file: location, problem: problem))
    }

    func libraryChanged(revision: Int) {
        broadcast(LiveMessages.library(revision: revision))
    }

    func transportChanged(_ status: TransportStatus) {
        broadcast(LiveMessages.transport(status))
    }

    func musicChanged(revision: Int) {
        broadcast(LiveMessages.music(revision: revision))
    }

    func heard(_ status: ListeningStatus) {
        broadcast(LiveMessages.heard(status))
    }

    func linkChanged(_ status: LinkStatus) {
        broadcast(LiveMessages.link(status))
    }
}
