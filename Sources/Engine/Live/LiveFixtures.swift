import DMX
import Fixtures
import Raster
import Synchronization
import UserText

/// The fixtures as the instrument plays them (a use case): the patch (read from the library at start and kept
/// there when changed), what they are asked besides the stage (the master, a blackout, a test), where DMX
/// goes — the command line's targets and the preferences', each through a `DMXTransmitter` — and what was sent;
/// read by the fixtures' thread once a frame (`keepSending`), changed by the API without waiting for it.
public final class LiveFixtures: Sendable {
    /// The DMX frames a second sent, unless `--dmx-rate` says otherwise (1…44).
    public static let defaultRate = 40
    public static let rates = 1...44

    /// The size the stage is drawn at for the fixtures.
    public static var stageSize: (width: Int, height: Int) { (128, 72) }

    private let shelf: (any FixtureShelf)?
    /// `--dmx`'s targets: only the command line changes them.
    let commandLine: [DMXTarget]
    public let rate: Int
    /// Makes the transmitter of a target new to the list.
    public typealias Transmitting = @Sendable (DMXTarget) -> any DMXTransmitter
    private let transmitter: Transmitting
    let said: @Sendable (String) -> Void
    /// The patch and what could not be read of it, revised by every change.
    private let patch: RevisedValue<(patch: FixturePatch, problems: [String])>
    private let controls = Mutex(FixtureControls())
    /// A transmitter a target, the command line's first.
    private let current = Mutex<[any DMXTransmitter]>([])
    /// DMX frames drawn and sent since the start.
    private let framesSent = Atomic<Int>(0)
    /// The last frames sent, by universe, for the console's DMX monitor.
    private let lastFrames = Mutex<[Int: DMXFrame]>([:])
    /// Where profiles come from, and those known so far (the generic five until the definitions are read).
    let profileShelf: (any FixtureProfileShelf)?
    let profiles = Mutex(KnownProfiles())
    /// Held while the definitions are read, so that they are read once.
    let profileLoading = Mutex(())

    /// Fixtures kept on `shelf` (none without one), sent to `commandLine`'s targets (and those kept, once
    /// `follow(kept:)` is told them) `rate` times a second, each through the transmitter `transmitter` makes
    /// for it; `said` hears each kept target the patch cannot reach. The patch's revisions count from
    /// `firstRevision` (the wall clock's milliseconds, so that they rise across restarts).
    public init(
        shelf: (any FixtureShelf)?, profiles: (any FixtureProfileShelf)? = nil, commandLine: [DMXTarget], rate: Int = defaultRate,
        firstRevision: Int = 1, said: @escaping @Sendable (String) -> Void = { print("warning: \($0)") }, transmitter: @escaping Transmitting
    ) {
        self.shelf = shelf
        profileShelf = profiles
        self.commandLine = commandLine
        self.rate = min(max(rate, Self.rates.lowerBound), Self.rates.upperBound)
        self.transmitter = transmitter
        self.said = said
        patch = RevisedValue((.empty, []), firstRevision: firstRevision)
        current.withLock { $0 = commandLine.map(transmitter) }
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
    /// left out, and said): a target new to the list gets a transmitter, one no longer in it is ended (its sACN
    /// streams terminated) in the background.
    public func follow(kept: [String]) {
        var read: [DMXTarget] = []
        for text in kept {
            do throws(UserTextError) { read.append(try DMXTarget(text)) } catch {
                said("the DMX target kept in the preferences, “\(text)”, cannot be read (\(error)): DMX does not go there")
            }
        }
        let wanted = commandLine + read.filter { !commandLine.contains($0) }
        let before = targets
        for problem in outOfReach(now.patch, of: wanted.filter { !before.contains($0) }) { said(problem) }
        let dropped = current.withLock { transmitters -> [any DMXTransmitter] in
            let dropped = transmitters.filter { !wanted.contains($0.target) }
            transmitters = wanted.reduce(into: []) { kept, target in
                guard !kept.contains(where: { $0.target == target }) else { return }
                kept.append(transmitters.first { $0.target == target } ?? transmitter(target))
            }
            return dropped
        }
        if !dropped.isEmpty { Task { for transmitter in dropped { await transmitter.end() } } }
    }

    /// Who DMX goes to now.
    public var transmitters: [any DMXTransmitter] { current.withLock { $0 } }
    public var targets: [DMXTarget] { transmitters.map(\.target) }

    /// The patch, what could not be read of it, and the controls: what the fixtures' thread samples by.
    public var now: (patch: FixturePatch, problems: [String], controls: FixtureControls) {
        let kept = patch.now.value
        return (kept.patch, kept.problems, controls.withLock { $0 })
    }

    /// The patch with its revision, and everything said of it: what could not be read, and the universes a
    /// target cannot carry.
    public var revisedPatch: RevisedPatch {
        let now = patch.now
        let profiled = now.value.patch.channels.compactMap { $0?.problems }.joined()
        return RevisedPatch(
            patch: now.value.patch, problems: now.value.problems + profiled + outOfReach(now.value.patch, of: targets), revision: now.revision)
    }

    /// Keeps `fixtures` as the patch, checked whole first — refused when a target DMX goes to cannot carry one
    /// of its universes (Art-Net's reach ends at 32768) — if the patch is still at revision `expected` (any,
    /// when nil; else `StaleRevision`); `tell` hears each patch kept, in the order they were (blocking: on
    /// the library's pool). The new revision.
    public func setPatch(_ fixtures: [Fixture], from expected: Int?, tell: (RevisedPatch) -> Void = { _ in }) throws -> Int {
        let checked: FixturePatch
        let resolved = try resolveProfiles(of: fixtures)
        do { checked = try FixturePatch(resolved) } catch { throw LiveError(.invalid, error.description) }
        if let problem = outOfReach(checked, of: targets).first { throw LiveError(.invalid, problem) }
        return try patch.change(
            from: expected, { kept, _ in kept = (checked, []) }, keep: { try shelf?.keep($0.patch) },
            tell: { kept, revision in tell(RevisedPatch(patch: kept.patch, problems: [], revision: revision)) }
        ).revision
    }

    /// Changes the master, the blackout or the test; refuses a test of a fixture the patch does not have.
    public func setControls(_ change: (inout FixtureControls) -> Void) throws(LiveError) -> FixtureControls {
        let patch = self.patch.now.value.patch
        return try self.controls.withLock { (kept) throws(LiveError) in
            var controls = kept
            change(&controls)
            if let name = controls.test?.fixture, patch.fixture(named: name) == nil {
                throw LiveError(.notFound, "there is no fixture “\(name)” in the patch")
            }
            if let aiming = controls.aiming { try Self.check(aiming, in: patch) }
            guard controls.master.isFinite, (0...1).contains(controls.master) else {
                throw LiveError(.invalid, "the fixtures' master is 0 to 1; \(controls.master) is not")
            }
            kept = controls
            return controls
        }
    }

    /// Makes `change` to the controls, as one: a fixture it fires or lets go that is not in the patch refuses
    /// the whole change (nothing changed); the controls after it.
    public func change(_ change: FixtureControlsChange) throws(LiveError) -> FixtureControls {
        let patch = self.patch.now.value.patch
        if let unknown = change.namesFired.first(where: { patch.fixture(named: $0) == nil }) {
            throw LiveError(.notFound, "there is no fixture “\(unknown.prefix(80))” in the patch to fire")
        }
        return try setControls { change.apply(to: &$0) }
    }

    /// The frames sent last, by universe (none before the first, or with no target).
    public var framesSentLast: [Int: DMXFrame] { lastFrames.withLock { $0 } }

    /// Refuses a head aimed by hand that is not a moving head of `patch`, or beyond its travel.
    static func check(_ aiming: HandAim, in patch: FixturePatch) throws(LiveError) {
        guard let fixture = patch.fixture(named: aiming.fixture) else {
            throw LiveError(.notFound, "there is no fixture “\(aiming.fixture)” in the patch")
        }
        guard let profile = fixture.profile, profile.channels.contains(where: { ChannelRole(of: $0).isPanOrTilt }) else {
            throw LiveError(.invalid, "fixture “\(fixture.name)” does not pan or tilt: it cannot be aimed")
        }
        let (pan, tilt) = (aiming.at.pan, aiming.at.tilt)
        guard pan.isFinite, tilt.isFinite, (0...profile.panDegrees).contains(pan), (0...profile.tiltDegrees).contains(tilt) else {
            throw LiveError(.invalid, "fixture “\(fixture.name)” pans 0 to \(profile.panDegrees)° and tilts 0 to \(profile.tiltDegrees)°, not \(pan)°, \(tilt)°")
        }
    }

    /// What `/status` tells of DMX.
    public var status: LiveDMXStatus {
        let now = self.now
        let transmitters = self.transmitters
        return LiveDMXStatus(
            rate: rate, frames: framesSent.load(ordering: .relaxed), fixtures: now.patch.fixtures.count, universes: now.patch.universes,
            targets: transmitters.map(\.status), problems: now.problems + outOfReach(now.patch, of: transmitters.map(\.target)))
    }

    /// Sends the fixtures' frames `rate` times a second on `clock` until cancelled: each time the stage is
    /// drawn (`picture`, only the rows the lights read), each light of the patch sampled from it, and the frames
    /// handed to every transmitter. A frame that comes late starts the grid again from then: no burst. Run it
    /// on a thread of its own (never the engine's or the frame ticker's).
    public func keepSending<C: Clock>(on clock: C, picture: inout some StagePicture) async where C.Duration == Duration {
        let interval = Duration.seconds(1) / rate
        let start = clock.now
        var deadline = start
        var state = FixtureFrameState()
        while !Task.isCancelled {
            let time = start.duration(to: clock.now).inSeconds
            let transmitters = self.transmitters
            let frames = transmitters.isEmpty ? [:] : Self.frames(of: now, picture: &picture, at: time, state: &state)
            for transmitter in transmitters { transmitter.send(frames, at: time) }
            lastFrames.withLock { $0 = frames }
            framesSent.add(1, ordering: .relaxed)
            deadline = deadline.advanced(by: interval)
            if deadline < clock.now { deadline = clock.now.advanced(by: interval) }  // fell behind: no burst
            do { try await clock.sleep(until: deadline, tolerance: .microseconds(500)) } catch { return }
        }
    }

    /// The DMX frames of `now`'s patch for the stage `picture` draws (a dark stage before the first frame), the
    /// stage's flashes and the moving heads' motors kept in `state` from one frame to the next.
    public static func frames(
        of now: (patch: FixturePatch, problems: [String], controls: FixtureControls), picture: inout some StagePicture, at time: Double,
        state: inout FixtureFrameState
    ) -> [Int: DMXFrame] {
        guard !now.patch.fixtures.isEmpty else { return [:] }
        let stage = picture.draw(rows: now.patch.rowsRead(height: stageSize.height)) ?? Bitmap(width: stageSize.width, height: stageSize.height)
        return FixtureOutput.frames(
            of: now.patch, showing: StageSampler(stage, sounding: picture.sounding()), controls: now.controls, at: time, state: &state)
    }
}

/// The fixture patch at one revision, with what is said of it (for the API and `/live`).
public struct RevisedPatch: Sendable {
    public var patch: FixturePatch
    public var problems: [String]
    public var revision: Int
}
