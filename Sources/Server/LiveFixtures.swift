import DMX
import Engine
import Fixtures
import Synchronization

/// The fixtures as the server plays them: the patch (read from the library at start and kept there when
/// changed), what they are asked besides the stage (the master, a blackout, a test), where DMX goes, and what
/// was sent — read by the DMX thread once a frame, changed by the API without waiting for it.
public final class LiveFixtures: Sendable {
    /// The DMX frames a second sent, unless `--dmx-rate` says otherwise (1…44).
    public static let defaultRate = 40
    public static let rates = 1...44

    let shelf: (any FixtureShelf)?
    public let targets: [DMXTarget]
    public let rate: Int
    private let state: Mutex<(patch: FixturePatch, problems: [String], controls: FixtureControls)>
    /// DMX frames drawn and sent since the start.
    let frames = Atomic<Int>(0)
    private let senders = Mutex<[DMXSender]>([])

    /// Fixtures kept on `shelf` (none without one), sent to `targets` `rate` times a second.
    public init(shelf: (any FixtureShelf)?, targets: [DMXTarget], rate: Int = defaultRate) {
        self.shelf = shelf
        self.targets = targets
        self.rate = min(max(rate, Self.rates.lowerBound), Self.rates.upperBound)
        state = Mutex((.empty, [], FixtureControls()))
    }

    /// Reads the patch the library keeps (blocking: at start, or on the library's pool); what of it could not
    /// be read, a line each.
    @discardableResult
    public func load() throws(LiveError) -> [String] {
        guard let shelf else { return [] }
        let kept = try shelf.fixturePatch()
        state.withLock { $0 = (kept.patch, kept.problems, $0.controls) }
        return kept.problems
    }

    /// The patch, what could not be read of it, and the controls: what the DMX thread samples by.
    var now: (patch: FixturePatch, problems: [String], controls: FixtureControls) { state.withLock { $0 } }

    /// Keeps `fixtures` as the patch, checked whole first (blocking: on the library's pool).
    func setPatch(_ fixtures: [Fixture]) throws(LiveError) -> FixturePatch {
        let patch: FixturePatch
        do { patch = try FixturePatch(fixtures) } catch { throw LiveError(.invalid, error.description) }
        try shelf?.keep(patch)
        state.withLock { $0 = (patch, [], $0.controls) }
        return patch
    }

    /// Changes the master, the blackout or the test; refuses a test of a fixture the patch does not have.
    func setControls(_ change: (inout FixtureControls) -> Void) throws(LiveError) -> FixtureControls {
        try state.withLock { (state) throws(LiveError) in
            var controls = state.controls
            change(&controls)
            if let name = controls.test?.fixture, state.patch.fixture(named: name) == nil {
                throw LiveError(.notFound, "there is no fixture “\(name)” in the patch")
            }
            guard controls.master.isFinite, (0...1).contains(controls.master) else {
                throw LiveError(.invalid, "the fixtures' master is 0 to 1; \(controls.master) is not")
            }
            state.controls = controls
            return controls
        }
    }

    /// The senders the DMX thread sends through, for the status.
    func attach(_ senders: [DMXSender]) { self.senders.withLock { $0 = senders } }

    /// What `/status` tells of DMX.
    var status: LiveDMXStatus {
        let now = self.now
        return LiveDMXStatus(
            rate: rate, frames: frames.load(ordering: .relaxed), fixtures: now.patch.fixtures.count, universes: now.patch.universes,
            targets: senders.withLock { $0 }.map(\.status), problems: now.problems)
    }
}
