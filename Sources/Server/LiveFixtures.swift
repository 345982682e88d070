import DMX
import Engine
import Fixtures
import Synchronization

/// The fixtures as the server plays them: the patch (read from the library at start and kept there when
/// changed), what they are asked besides the stage (the master, a blackout, a test), where DMX goes — the
/// command line's targets and the preferences' — and what was sent; read by the DMX thread once a frame,
/// changed by the API without waiting for it.
public final class LiveFixtures: Sendable {
    /// The DMX frames a second sent, unless `--dmx-rate` says otherwise (1…44).
    public static let defaultRate = 40
    public static let rates = 1...44

    let shelf: (any FixtureShelf)?
    /// `--dmx`'s targets: only the command line changes them.
    let commandLine: [DMXTarget]
    public let rate: Int
    let cid: [UInt8]
    private let said: @Sendable (String) -> Void
    /// The patch and what could not be read of it, revised by every change.
    private let patch: RevisedValue<(patch: FixturePatch, problems: [String])>
    private let controls = Mutex(FixtureControls())
    /// A sender a target, the command line's first.
    private let current = Mutex<[DMXSender]>([])
    /// DMX frames drawn and sent since the start.
    let frames = Atomic<Int>(0)

    /// Fixtures kept on `shelf` (none without one), sent to `commandLine`'s targets (and those kept, once
    /// `follow(kept:)` is told them) `rate` times a second, as the sACN source `cid`; `said` hears each target
    /// that cannot be sent to, and its return. The patch's revisions count from `firstRevision` (the wall
    /// clock's milliseconds, so that they rise across restarts).
    public init(
        shelf: (any FixtureShelf)?, commandLine: [DMXTarget], rate: Int = defaultRate, cid: [UInt8], firstRevision: Int = 1,
        said: @escaping @Sendable (String) -> Void = { print("warning: \($0)") }
    ) {
        self.shelf = shelf
        self.commandLine = commandLine
        self.rate = min(max(rate, Self.rates.lowerBound), Self.rates.upperBound)
        self.cid = cid
        self.said = said
        patch = RevisedValue((.empty, []), firstRevision: firstRevision)
        current.withLock { $0 = commandLine.map { DMXSender(target: $0, cid: cid, said: said) } }
    }

    /// Reads the patch the library keeps (blocking: at start, or on the library's pool); what of it could not
    /// be read, and the universes of it a target cannot carry, a line each.
    @discardableResult
    public func load() throws(LiveError) -> [String] {
        guard let shelf else { return [] }
        let kept = try shelf.fixturePatch()
        patch.reload((kept.patch, kept.problems))
        return kept.problems + outOfReach(kept.patch, of: targets)
    }

    /// A line for each of `targets` that cannot carry all of `patch`'s universes (Art-Net reaches 1…32768).
    func outOfReach(_ patch: FixturePatch, of targets: [DMXTarget]) -> [String] {
        targets.compactMap { $0.cannotCarry(patch.universes) }
    }


    /// Sends to the command line's targets and `kept` (as the preferences keep them; one that cannot be read is
    /// left out): a target new to the list gets a sender, one no longer in it is ended (its sACN streams
    /// terminated) in the background.
    public func follow(kept: [String]) {
        let wanted = commandLine + kept.compactMap { try? DMXTarget($0) }.filter { !commandLine.contains($0) }
        let before = targets
        for problem in outOfReach(now.patch, of: wanted.filter { !before.contains($0) }) { said(problem) }
        let dropped = current.withLock { senders -> [DMXSender] in
            let dropped = senders.filter { !wanted.contains($0.target) }
            senders = wanted.reduce(into: []) { kept, target in
                guard !kept.contains(where: { $0.target == target }) else { return }
                kept.append(senders.first { $0.target == target } ?? DMXSender(target: target, cid: cid, said: said))
            }
            return dropped
        }
        if !dropped.isEmpty { Task { for sender in dropped { await sender.end() } } }
    }

    /// Who DMX goes to now.
    var senders: [DMXSender] { current.withLock { $0 } }
    public var targets: [DMXTarget] { senders.map(\.target) }

    /// The patch, what could not be read of it, and the controls: what the DMX thread samples by.
    var now: (patch: FixturePatch, problems: [String], controls: FixtureControls) {
        let kept = patch.now.value
        return (kept.patch, kept.problems, controls.withLock { $0 })
    }

    /// The patch with its revision, and everything said of it: what could not be read, and the universes a
    /// target cannot carry.
    var revisedPatch: RevisedPatch {
        let now = patch.now
        return RevisedPatch(patch: now.value.patch, problems: now.value.problems + outOfReach(now.value.patch, of: targets), revision: now.revision)
    }

    /// Keeps `fixtures` as the patch, checked whole first — refused when a target DMX goes to cannot carry one
    /// of its universes (Art-Net's reach ends at 32768) — if the patch is still at revision `expected` (any,
    /// when nil; else `StaleRevision`); `tell` hears each patch kept, in the order they were (blocking: on
    /// the library's pool). The new revision.
    func setPatch(_ fixtures: [Fixture], from expected: Int?, tell: (RevisedPatch) -> Void = { _ in }) throws -> Int {
        let checked: FixturePatch
        do { checked = try FixturePatch(fixtures) } catch { throw LiveError(.invalid, error.description) }
        if let problem = outOfReach(checked, of: targets).first { throw LiveError(.invalid, problem) }
        return try patch.change(
            from: expected, { kept, _ in kept = (checked, []) }, keep: { try shelf?.keep($0.patch) },
            tell: { kept, revision in tell(RevisedPatch(patch: kept.patch, problems: [], revision: revision)) }
        ).revision
    }

    /// Changes the master, the blackout or the test; refuses a test of a fixture the patch does not have.
    func setControls(_ change: (inout FixtureControls) -> Void) throws(LiveError) -> FixtureControls {
        let patch = self.patch.now.value.patch
        return try self.controls.withLock { (kept) throws(LiveError) in
            var controls = kept
            change(&controls)
            if let name = controls.test?.fixture, patch.fixture(named: name) == nil {
                throw LiveError(.notFound, "there is no fixture “\(name)” in the patch")
            }
            guard controls.master.isFinite, (0...1).contains(controls.master) else {
                throw LiveError(.invalid, "the fixtures' master is 0 to 1; \(controls.master) is not")
            }
            kept = controls
            return controls
        }
    }

    /// What `/status` tells of DMX.
    var status: LiveDMXStatus {
        let now = self.now
        return LiveDMXStatus(
            rate: rate, frames: frames.load(ordering: .relaxed), fixtures: now.patch.fixtures.count, universes: now.patch.universes,
            targets: senders.map(\.status), problems: now.problems + outOfReach(now.patch, of: senders.map(\.target)))
    }
}

/// The fixture patch at one revision, with what is said of it (for the API and `/live`).
struct RevisedPatch: Sendable {
    var patch: FixturePatch
    var problems: [String]
    var revision: Int
}

extension LiveSession {
    /// Changes the fixtures' controls (master, blackout, test) and tells every client what they now are, so
    /// that every console's Blackout shows the truth whoever pressed it — a console, a key or MIDI.
    func changeFixtureControls(_ change: (inout FixtureControls) -> Void) throws(LiveError) -> FixtureControls {
        guard let fixtures else { throw LiveError(.unavailable, "this instrument has no fixtures") }
        let controls = try fixtures.setControls(change)
        hub.broadcast(LiveMessages.fixtures(controls))
        return controls
    }
}
