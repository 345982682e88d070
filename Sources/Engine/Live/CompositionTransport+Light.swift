import Instrument

/// When what the transport plays is heard, and its light: the tick that moves it to now, a start or a stop
/// that waited coming due, the frame heard now, what is lit at a moment, and the intents that light and let
/// go of the visual voices on the instrument.
extension CompositionTransport {
    /// Moves the transport to now: without a device, mixes the time since the last tick (silently); fires the
    /// light heard since the last tick; and, a few times a second while playing, tells everyone the playhead.
    public func tick() async {
        await tick(tellingEveryone: false)
    }

    func tick(tellingEveryone: Bool) async {
        let now = instrument.engine.clock.now
        let byDevice = heardByDevice
        let (started, relightAt) = startIfDue(at: now, byDevice: byDevice)
        if let relightAt { await perform(relight(at: relightAt)) }  // what was lit where it stopped, lit again
        var tellingEveryone = tellingEveryone || started
        let latency = latencyFrames
        // Through a device, the light is performed `lightLatency` before its sound is heard, to be seen with it.
        let lightLead = byDevice ? Int((lightLatency.inSeconds * Double(sampleRate)).rounded()) : 0
        let problem = soundProblem
        var wrappedTo: Int?
        let (intents, status) = box.core.withLock { core -> ([Intent], TransportStatus?) in
            guard core.loaded != nil else { return ([], nil) }
            if !byDevice, core.playing, let last = core.lastTick {
                // Whole frames only: what is left over waits for the next tick; a stop that waits, up to it.
                let until = core.stopsAt.map { min($0, now) } ?? now
                let frames = max(0, Int((last.duration(to: until).inSeconds * Double(sampleRate)).rounded(.down)))
                var left = frames
                let chunk = core.scratch.count / 2
                while left > 0 {
                    let count = min(chunk, left)
                    core.scratch.withUnsafeMutableBufferPointer { core.loaded!.performance.render(into: $0, frameCount: count) }
                    left -= count
                }
                core.lastTick = last.advanced(by: .seconds(Double(frames) / Double(sampleRate)))
            } else {
                core.lastTick = now
            }
            let heard = Self.heardFrame(core, latency: latency)
            var intents: [Intent] = []
            if heard < core.lastHeard {
                wrappedTo = heard  // looped round: the light is set again below, out of the device's way
            } else if core.playing, core.stopsAt.map({ now < $0 }) ?? true {
                let light = core.loaded!.light
                while core.nextLight < light.count, light[core.nextLight].frame <= heard + lightLead {
                    let intent = light[core.nextLight].intent
                    Self.note(intent, in: &core.lit)
                    intents.append(intent)
                    core.nextLight += 1
                }
            }
            core.lastHeard = heard
            let stop = Self.stopIfDue(&core, at: now, byDevice: byDevice, lightLatency: lightLatency)
            intents += stop.letGo
            if stop.stopped { tellingEveryone = true }
            if core.playing, core.loaded!.performance.loop == nil, heard >= core.loaded!.frameCount {
                core.playing = false  // the end: it stops there, and says so
                intents += Self.lettingGo(&core)
                core.lastTold = nil
            }
            var status: TransportStatus?
            if tellingEveryone || core.lastTold == nil || (core.playing && (core.lastTold.map { $0.duration(to: now) >= Self.statusInterval } ?? true)) {
                core.lastTold = now
                status = Self.status(of: core, heard: heard, rate: sampleRate, now: now)
                status?.soundProblem = problem
            }
            return (intents, status)
        }
        await perform(intents)
        if let wrappedTo { await perform(relight(at: wrappedTo, heardAlready: true)) }
        if let status { instrument.transportChanged(status) }
    }

    /// A start that waited and whose moment has come by `now`: it plays from that moment (without a device,
    /// the playhead runs from the moment itself, not from the tick that found it come; through a device, the
    /// device began it at its sample — or, when the device has not pulled for a while since, the tick does).
    /// Whether one started, and where to light again what was lit, when it plays on from where it stopped.
    func startIfDue(at now: C.Instant, byDevice: Bool) -> (started: Bool, relightAt: Int?) {
        box.core.withLock { core in
            if byDevice, core.startUntold {
                core.startUntold = false
            } else {
                let due = byDevice ? core.startsAt?.advanced(by: lightLatency + Self.deviceGrace) : core.startsAt
                guard let due, due <= now, core.loaded != nil else { return (false, nil) }
                core.playing = true
                core.lastTick = core.startsAt
                core.startedAt = core.startsAt
                core.startsAt = nil
            }
            defer { core.relightAtStart = false }
            return (true, core.relightAtStart ? core.loaded!.performance.position : nil)
        }
    }

    /// A stop that waited and whose moment has come by `now`: the light is let go; the transport stops —
    /// through a device once it has reached the stop's sample (or has not pulled for a while since). The
    /// light let go, and whether it stopped.
    static func stopIfDue(_ core: inout Core, at now: C.Instant, byDevice: Bool, lightLatency: Duration) -> (letGo: [Intent], stopped: Bool) {
        guard let stopsAt = core.stopsAt, stopsAt <= now else { return ([], false) }
        let letGo = lettingGo(&core)
        guard !byDevice || core.soundStopped || stopsAt.advanced(by: lightLatency + deviceGrace) <= now else { return (letGo, false) }
        core.playing = false
        core.stopsAt = nil
        core.soundStopped = false
        return (letGo, true)
    }

    /// How long after a moment's sample was due a device that has not reached it is taken not to be pulling.
    static var deviceGrace: Duration { .milliseconds(250) }

    /// The frames between what the device pulled and what is heard (0 without one).
    var latencyFrames: Int {
        if case .open(let output) = box.device.withLock({ $0 }) { output.latencyFrames } else { 0 }
    }

    /// The frame heard now: what the device pulled, less what its buffers still hold.
    static func heardFrame(_ core: Core, latency: Int) -> Int {
        guard let loaded = core.loaded else { return 0 }
        return heard(loaded.performance.position, latency: core.playing ? latency : 0)
    }

    static func heard(_ position: Int, latency: Int) -> Int { max(0, position - latency) }

    /// Lets go of every voice lit now.
    static func lettingGo(_ core: inout Core) -> [Intent] {
        defer { core.lit = [] }
        return core.lit.sorted().map { Intent.lightUp(voice: $0) }
    }

    /// The light as it stands at `frame`: everything lit let go, then what is lit there lit again (and the
    /// tempo there taken up); the next light to fire is the first after it. Worked out away from the lock the
    /// device's thread takes (a composition's light may be long). `heardAlready`: `frame` is what is heard
    /// now; otherwise it is where the device pulls from, heard a buffer later. `was`: the light that played
    /// until now, when it was laid out again — then only what changed at `frame` is let go and lit.
    func relight(at frame: Int, heardAlready: Bool = false, was previous: [(frame: Int, intent: Intent)]? = nil) -> [Intent] {
        guard let light = box.core.withLock({ $0.loaded?.light }) else { return [] }
        let now = Self.standing(in: light, at: frame)
        let before = previous.map { Self.standing(in: $0, at: frame) }
        let latency = heardAlready ? 0 : latencyFrames
        let (letGo, lighting) = box.core.withLock { core -> ([Intent], [Int]) in
            // Laid out again: a voice lit with the same chord there as before stays lit, untouched.
            let unchanged = before.map { before in Set(core.lit.filter { before.lit[$0] != nil && before.lit[$0] == now.lit[$0] }) } ?? []
            let letGo = core.lit.subtracting(unchanged).sorted().map { Intent.lightUp(voice: $0) }
            core.lit = Set(now.lit.keys)
            core.nextLight = now.next
            core.lastHeard = max(0, frame - (core.playing ? latency : 0))
            return (letGo, now.lit.keys.filter { !unchanged.contains($0) }.sorted())
        }
        let tempo = before != nil && before!.tempo == now.tempo ? nil : now.tempo
        return letGo + (tempo.map { [$0] } ?? []) + lighting.map { now.lit[$0]! }
    }

    /// Performs the light on the instrument; one refused (it cannot be: the score checked it) is passed over.
    func perform(_ intents: [Intent]) async {
        for intent in intents { _ = try? await instrument.perform(intent) }
    }
}
