import Composition
import Instrument

extension CompositionTransport {
    /// The transport's state machine: what is loaded, whether its playhead runs, a start or a stop that waits
    /// for its moment, and the voices its light holds lit. The transport and the device's thread share it under
    /// one lock (`Box`); it reads no clock and does no I/O — the transport reads the clock, takes the lock, calls
    /// one method here and performs the light it returns on the instrument, away from the lock. The commands'
    /// steps are here; the tick's in CompositionTransport+Light.swift, the device's fill in +Device.swift.
    struct Playhead {
        var loaded: Loaded?
        var playing = false
        /// Why what is loaded could not be laid out again with its sounds (a sound that cannot be read or
        /// decoded), until a reload or a play succeeds: said as the status's `soundProblem`.
        var reloadProblem: String?
        /// The next light to fire, and the voices lit now.
        var nextLight = 0
        var lit: Set<Int> = []
        /// The frame heard at the last tick: a playhead that went back was located or looped.
        var lastHeard = 0
        /// Without a device, the clock's reading at the last tick, and a buffer the silent mix goes into.
        var lastTick: C.Instant?
        var scratch = [Float](repeating: 0, count: 2 * 4096)
        var lastTold: C.Instant?
        /// A start asked for that waits for its moment (nil: none waits), and whether what was lit where it
        /// stopped is to be lit again then (it plays on from there).
        var startsAt: C.Instant?
        var relightAtStart = false
        /// Through a device: a start it placed at its sample, not yet told nor its light lit again.
        var startUntold = false
        /// A stop asked for at a moment to come (the light's; nil: none waits), and whether the device has
        /// reached its sample (silence from there, the light let go at the tick).
        var stopsAt: C.Instant?
        var soundStopped = false
        /// The moment the playhead last began to run from (a start's own moment, not the tick that found it).
        var startedAt: C.Instant?

        // MARK: The commands

        /// Plays on what is loaded from where it stopped: when `startsAt` is given, a start waits for it (and
        /// what was lit where it stopped is lit again then); otherwise at once, the playhead running from
        /// `runsFrom`. What waited is called off. Where to light again what was lit, when it plays at once.
        mutating func playOn(startsAt: C.Instant?, runsFrom: C.Instant) -> Int? {
            callOff()
            if let startsAt {
                self.startsAt = startsAt
                relightAtStart = true
                return nil
            }
            if !playing { startedAt = runsFrom }
            lastTick = runsFrom
            playing = true
            return loaded?.performance.position
        }

        /// Loads `incoming` from its start in place of what was loaded — handed back in `incoming`, to be let go
        /// of away from the lock (and the device's thread) — playing at once from `runsFrom`, or waiting for
        /// `startsAt`. What waited is called off. The light to let go: every voice lit until now.
        mutating func load(_ incoming: inout Loaded?, startsAt: C.Instant?, runsFrom: C.Instant) -> [Intent] {
            let letGo = lettingGo()
            swap(&loaded, &incoming)
            callOff()
            reloadProblem = nil
            nextLight = 0
            lastHeard = 0
            lastTick = runsFrom
            playing = startsAt == nil
            if playing { startedAt = runsFrom }
            self.startsAt = startsAt
            return letGo
        }

        /// Puts `incoming`, `source` laid out again, in place of what is loaded — handed back in `incoming` — at
        /// the same place, the loop kept as far as it still lies within; nothing when something else is loaded
        /// now. The light that played until now, where it plays from, and whether it plays.
        mutating func reload(
            _ incoming: inout Loaded?, from source: Source
        ) -> (light: [(frame: Int, intent: Intent)], position: Int, playing: Bool)? {
            reloadProblem = nil
            guard let current = loaded, current.source == source else { return nil }
            let frameCount = incoming!.frameCount
            let position = min(current.performance.position, frameCount)
            incoming!.performance.locate(position)
            if let loop = current.performance.loop {
                let kept = min(loop.lowerBound, frameCount)..<min(loop.upperBound, frameCount)
                if !kept.isEmpty { try? incoming!.performance.setLoop(kept) }  // kept is non-empty and starts at 0 or later
            }
            let light = current.light
            swap(&loaded, &incoming)
            return (light, loaded!.performance.position, playing)
        }

        /// Stops where it is, calling off what waits. The light to let go: every voice lit.
        mutating func stop() -> [Intent] {
            playing = false
            callOff()
            return lettingGo()
        }

        /// Moves the playhead to `seconds` into what is loaded (laid out at `sampleRate`); a place before the
        /// start or past the end is the start or the end. The frame it plays on from.
        mutating func locate(_ seconds: Double, rate sampleRate: Int) throws(LiveError) -> Int {
            guard let frameCount = loaded?.frameCount else { throw LiveError(.unavailable, "no composition is loaded") }
            let frame = Int((min(max(0, seconds), Double(frameCount) / Double(sampleRate)) * Double(sampleRate)).rounded())
            loaded!.performance.locate(frame)
            return frame
        }

        /// Loops part `number` (from 1) of what is loaded (laid out at `sampleRate`), the stretch `seconds` (kept
        /// within it), or nothing. Where the playhead went, when the loop moved it.
        mutating func loop(part number: Int?, seconds: Range<Double>?, rate sampleRate: Int) throws(LiveError) -> Int? {
            guard let duration = loaded.map({ Double($0.frameCount) / Double(sampleRate) }) else {
                throw LiveError(.unavailable, "no composition is loaded")
            }
            var stretch = seconds
            if let number {
                let parts = loaded!.parts
                guard number >= 1, number <= parts.count else {
                    throw LiveError(.refused, "\(loaded!.name) has \(parts.count) parts to loop, numbered from 1; not \(number)")
                }
                stretch = parts[number - 1].seconds
            }
            guard let stretch else {
                try? loaded!.performance.setLoop(nil)  // clearing a loop never throws
                return nil
            }
            let from = min(max(0, stretch.lowerBound), duration), to = min(max(0, stretch.upperBound), duration)
            let rate = Double(sampleRate)
            let frames = Int((from * rate).rounded())..<max(Int((from * rate).rounded()), Int((to * rate).rounded()))
            guard !frames.isEmpty else {
                throw LiveError(.refused, "a loop lies within the composition (0 to \(duration) s) and lasts a moment at least")
            }
            let before = loaded!.performance.position
            do { try loaded!.performance.setLoop(frames) } catch { throw LiveError(.refused, "\(error)", cause: error) }
            let after = loaded!.performance.position
            return after != before ? after : nil
        }

        /// Calls off what waits: a start, a stop.
        mutating func callOff() {
            startsAt = nil
            relightAtStart = false
            startUntold = false
            stopsAt = nil
            soundStopped = false
        }

        /// Lets go of every voice lit now: the intents that do.
        mutating func lettingGo() -> [Intent] {
            defer { lit = [] }
            return lit.sorted().map { Intent.lightUp(voice: $0) }
        }

        // MARK: What it says

        /// The frame heard now: what the device pulled, less what its buffers still hold (`latency`, while
        /// playing; 0 without a device).
        func heardFrame(latency: Int) -> Int {
            guard let loaded else { return 0 }
            return max(0, loaded.performance.position - (playing ? latency : 0))
        }

        /// Where the transport is, heard at frame `heard` of what is loaded (laid out at `rate`); its sound's
        /// problem the last reload's (the device's, which the caller knows, comes first).
        func status(heard: Int, rate: Int) -> TransportStatus {
            guard let loaded else { return .idle }
            let loop = loaded.performance.loop.map { [Double($0.lowerBound) / Double(rate), Double($0.upperBound) / Double(rate)] }
            // A sound previewed plays a pair made for it alone: its ids are nobody's in the library.
            let previewed: SoundID? = if case .sound(let sound) = loaded.source { sound } else { nil }
            return TransportStatus(
                composition: loaded.name, part: previewed == nil ? loaded.pair.part.rawValue : nil, voice: previewed == nil ? loaded.pair.voice.rawValue : nil,
                playing: playing, seconds: Double(min(heard, loaded.frameCount)) / Double(rate), duration: Double(loaded.frameCount) / Double(rate),
                loop: loop, parts: loaded.parts.map(\.name), soundProblem: reloadProblem, sound: previewed?.rawValue, lightProblem: loaded.lightProblem)
        }

        /// The same, with how long a start that waits has still to wait at `now`.
        func status(heard: Int, rate: Int, now: C.Instant) -> TransportStatus {
            var status = self.status(heard: heard, rate: rate)
            if loaded != nil, let startsAt { status.startsIn = max(0, now.duration(to: startsAt).inSeconds) }
            return status
        }
    }
}
