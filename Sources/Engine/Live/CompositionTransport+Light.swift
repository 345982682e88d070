import Instrument

/// When what the transport plays is heard, and its light: the tick that moves it to now, a start or a stop
/// that waited coming due, the light as it stands at a frame, and the intents that light and let go of the
/// visual voices on the instrument — the transport's side, then the playhead's.
extension CompositionTransport {
    /// Moves the transport to now: without a device, mixes the time since the last tick (silently); fires the
    /// light heard since the last tick; and, a few times a second while playing, tells everyone the playhead.
    public func tick() async {
        await tick(tellingEveryone: false)
    }

    func tick(tellingEveryone: Bool) async {
        let now = instrument.engine.clock.now
        let byDevice = heardByDevice
        let (started, relightAt) = box.playhead.withLock { $0.startIfDue(at: now, byDevice: byDevice, lightLatency: lightLatency) }
        if let relightAt { await perform(relight(at: relightAt)) }  // what was lit where it stopped, lit again
        let tellingEveryone = tellingEveryone || started
        let latency = latencyFrames
        // Through a device, the light is performed `lightLatency` before its sound is heard, to be seen with it.
        let lightLead = byDevice ? Int((lightLatency.inSeconds * Double(sampleRate)).rounded()) : 0
        let problem = soundProblem
        let step = box.playhead.withLock { playhead in
            playhead.advance(
                to: now, byDevice: byDevice, latency: latency, lightLead: lightLead, rate: sampleRate, lightLatency: lightLatency,
                tellingEveryone: tellingEveryone)
        }
        await perform(step.intents)
        if let wrappedTo = step.wrappedTo { await perform(relight(at: wrappedTo, heardAlready: true)) }
        if var status = step.status {
            status.soundProblem = problem ?? status.soundProblem  // the device's, else a reload's
            instrument.transportChanged(status)
        }
    }

    /// The light as it stands at `frame`: everything lit let go, then what is lit there lit again (and the
    /// tempo there taken up); the next light to fire is the first after it. Worked out away from the lock the
    /// device's thread takes (a composition's light may be long). `heardAlready`: `frame` is what is heard
    /// now; otherwise it is where the device pulls from, heard a buffer later. `was`: the light that played
    /// until now, when it was laid out again — then only what changed at `frame` is let go and lit.
    func relight(at frame: Int, heardAlready: Bool = false, was previous: [(frame: Int, intent: Intent)]? = nil) -> [Intent] {
        guard let light = box.playhead.withLock({ $0.loaded?.light }) else { return [] }
        let now = Playhead.standing(in: light, at: frame)
        let before = previous.map { Playhead.standing(in: $0, at: frame) }
        let latency = heardAlready ? 0 : latencyFrames
        let (letGo, lighting) = box.playhead.withLock { $0.relight(standing: now, was: before, at: frame, latency: latency) }
        let tempo = before != nil && before!.tempo == now.tempo ? nil : now.tempo
        return letGo + (tempo.map { [$0] } ?? []) + lighting.map { now.lit[$0]! }
    }

    /// Performs the light on the instrument; one refused (it cannot be: the score checked it) is passed over.
    func perform(_ intents: [Intent]) async {
        for intent in intents { _ = try? await instrument.perform(intent) }
    }
}

extension CompositionTransport.Playhead {
    /// The light as it stands at a frame: the chord each voice lit then holds, the tempo taken up last, and the
    /// index of the next light to fire.
    typealias Standing = (lit: [Int: Intent], tempo: Intent?, next: Int)

    /// How often the playhead is told while playing.
    static var statusInterval: Duration { .milliseconds(100) }

    /// How long after a moment's sample was due a device that has not reached it is taken not to be pulling.
    static var deviceGrace: Duration { .milliseconds(250) }

    /// A start that waited and whose moment has come by `now`: it plays from that moment (without a device,
    /// the playhead runs from the moment itself, not from the tick that found it come; through a device, the
    /// device began it at its sample — or, when the device has not pulled for a while since, the tick does).
    /// Whether one started, and where to light again what was lit, when it plays on from where it stopped.
    mutating func startIfDue(at now: C.Instant, byDevice: Bool, lightLatency: Duration) -> (started: Bool, relightAt: Int?) {
        if byDevice, startUntold {
            startUntold = false
        } else {
            let due = byDevice ? startsAt?.advanced(by: lightLatency + Self.deviceGrace) : startsAt
            guard let due, due <= now, loaded != nil else { return (false, nil) }
            playing = true
            lastTick = startsAt
            startedAt = startsAt
            startsAt = nil
        }
        defer { relightAtStart = false }
        return (true, relightAtStart ? loaded!.performance.position : nil)
    }

    /// Moves the playhead to `now`, at a tick: without a device, mixes the time since the last tick (silently,
    /// whole frames at `sampleRate`); fires the light heard by then (`lightLead` frames ahead, through a device,
    /// whose buffers hold `latency` frames); stops at a stop that came due or at the end; and says where it is
    /// when everyone is to be told — `tellingEveryone`, at a stop, or every `statusInterval` while playing. The
    /// light to perform, where the playhead looped round to (its light to be set again), and the status to tell.
    mutating func advance(
        to now: C.Instant, byDevice: Bool, latency: Int, lightLead: Int, rate sampleRate: Int, lightLatency: Duration, tellingEveryone: Bool
    ) -> (intents: [Intent], wrappedTo: Int?, status: TransportStatus?) {
        guard loaded != nil else { return ([], nil, nil) }
        var tellingEveryone = tellingEveryone
        var wrappedTo: Int?
        if !byDevice, playing, let last = lastTick {
            // Whole frames only: what is left over waits for the next tick; a stop that waits, up to it.
            let until = stopsAt.map { min($0, now) } ?? now
            let frames = max(0, Int((last.duration(to: until).inSeconds * Double(sampleRate)).rounded(.down)))
            var left = frames
            let chunk = scratch.count / 2
            while left > 0 {
                let count = min(chunk, left)
                scratch.withUnsafeMutableBufferPointer { loaded!.performance.render(into: $0, frameCount: count) }
                left -= count
            }
            lastTick = last.advanced(by: .seconds(Double(frames) / Double(sampleRate)))
        } else {
            lastTick = now
        }
        let heard = heardFrame(latency: latency)
        var intents: [Intent] = []
        if heard < lastHeard {
            wrappedTo = heard  // looped round: the light is set again (relight), out of the device's way
        } else if playing, stopsAt.map({ now < $0 }) ?? true {
            let light = loaded!.light
            while nextLight < light.count, light[nextLight].frame <= heard + lightLead {
                let intent = light[nextLight].intent
                note(intent)
                intents.append(intent)
                nextLight += 1
            }
        }
        lastHeard = heard
        let stop = stopIfDue(at: now, byDevice: byDevice, lightLatency: lightLatency)
        intents += stop.letGo
        if stop.stopped { tellingEveryone = true }
        if playing, loaded!.performance.loop == nil, heard >= loaded!.frameCount {
            playing = false  // the end: it stops there, and says so
            intents += lettingGo()
            lastTold = nil
        }
        var status: TransportStatus?
        if tellingEveryone || lastTold == nil || (playing && (lastTold.map { $0.duration(to: now) >= Self.statusInterval } ?? true)) {
            lastTold = now
            status = self.status(heard: heard, rate: sampleRate, now: now)
        }
        return (intents, wrappedTo, status)
    }

    /// A stop that waited and whose moment has come by `now`: the light is let go; the transport stops —
    /// through a device once it has reached the stop's sample (or has not pulled for a while since). The
    /// light let go, and whether it stopped.
    mutating func stopIfDue(at now: C.Instant, byDevice: Bool, lightLatency: Duration) -> (letGo: [Intent], stopped: Bool) {
        guard let stopsAt, stopsAt <= now else { return ([], false) }
        let letGo = lettingGo()
        guard !byDevice || soundStopped || stopsAt.advanced(by: lightLatency + Self.deviceGrace) <= now else { return (letGo, false) }
        playing = false
        self.stopsAt = nil
        soundStopped = false
        return (letGo, true)
    }

    /// Notes that `intent` lights or lets go of its voice.
    mutating func note(_ intent: Intent) {
        switch intent {
        case .lightDown(let voice, _, _): lit.insert(voice)
        case .lightUp(let voice): lit.remove(voice)
        default: break
        }
    }

    /// Sets the light to stand as `now` does at `frame` (`was`: as it stood there before what is loaded was
    /// laid out again — then a voice lit with the same chord there as before stays lit, untouched), heard
    /// `latency` frames later while playing. The voices to let go, and those to light (from `now`).
    mutating func relight(standing now: Standing, was before: Standing?, at frame: Int, latency: Int) -> (letGo: [Intent], lighting: [Int]) {
        let unchanged = before.map { before in Set(lit.filter { before.lit[$0] != nil && before.lit[$0] == now.lit[$0] }) } ?? []
        let letGo = lit.subtracting(unchanged).sorted().map { Intent.lightUp(voice: $0) }
        lit = Set(now.lit.keys)
        nextLight = now.next
        lastHeard = max(0, frame - (playing ? latency : 0))
        return (letGo, now.lit.keys.filter { !unchanged.contains($0) }.sorted())
    }

    /// How `light` stands at `frame`: the chord each voice lit then holds, the tempo taken up last, and the
    /// index of the next light to fire.
    static func standing(in light: [(frame: Int, intent: Intent)], at frame: Int) -> Standing {
        var lit: [Int: Intent] = [:]
        var tempo: Intent?
        var next = 0
        while next < light.count, light[next].frame <= frame {
            switch light[next].intent {
            case .lightDown(let voice, _, _): lit[voice] = light[next].intent
            case .lightUp(let voice): lit[voice] = nil
            case .tempo: tempo = light[next].intent
            default: break
            }
            next += 1
        }
        return (lit, tempo, next)
    }
}
