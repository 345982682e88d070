import Audio
import Composition

/// The sound device's side of the transport: opened at the first play, it pulls the mix on its own thread, and
/// a start or a stop that waits for a moment is placed there to the sample — the buffer's frames before a
/// start (or after a stop) are silence — counting the device's latency, so that the sample is heard at the
/// moment itself (`lightLatency` after the light's). The transport's side, then the playhead's fill.
extension CompositionTransport {
    /// The sound device: not opened yet, open, or not to be had (and why).
    enum Device {
        case unopened
        case open(any AudioOutput)
        case silent(String?)
    }

    /// The device, opened and pulling the first time it is asked for.
    var output: (any AudioOutput)? {
        box.device.withLock { device -> (any AudioOutput)? in
            switch device {
            case .open(let output): return output
            case .silent: return nil
            case .unopened:
                guard let openOutput else {
                    device = .silent(nil)
                    return nil
                }
                do {
                    let output = try openOutput()
                    guard output.sampleRate == sampleRate else {
                        output.stop()
                        device = .silent("the sound device plays at \(output.sampleRate) Hz, not \(sampleRate) Hz")
                        return nil
                    }
                    try output.start { [box, clock = instrument.engine.clock, rate = sampleRate, lightLatency] buffer, frameCount in
                        // The device's own buffer, for this call alone: nothing keeps it past the return.
                        nonisolated(unsafe) let buffer = buffer
                        // When the buffer's first frame is heard: what the device's buffers hold plays first.
                        let heardAt = clock.now.advanced(by: .seconds(Double(output.latencyFrames) / Double(rate)))
                        box.playhead.withLock { playhead in
                            playhead.fill(buffer, frameCount: frameCount, heardAt: heardAt, rate: rate, lightLatency: lightLatency)
                        }
                    }
                    device = .open(output)
                    return output
                } catch {
                    device = .silent("\(error)")
                    return nil
                }
            }
        }
    }

    /// Whether a device plays (rather than the clock moving the playhead).
    var heardByDevice: Bool {
        if case .open = box.device.withLock({ $0 }) { true } else { false }
    }

    /// The frames between what the device pulled and what is heard (0 without one).
    var latencyFrames: Int {
        if case .open(let output) = box.device.withLock({ $0 }) { output.latencyFrames } else { 0 }
    }
}

extension CompositionTransport.Playhead {
    /// Fills the `frameCount` frames the device pulled, whose first is heard at `heardAt`: a start that waits
    /// begins at its sample (a moment already past is played as from that moment), a stop that waits ends at
    /// its sample, and what does not play is silence.
    mutating func fill(_ buffer: UnsafeMutableBufferPointer<Float>, frameCount: Int, heardAt: C.Instant, rate: Int, lightLatency: Duration) {
        let count = min(max(0, frameCount), buffer.count / 2)
        /// The frame of this buffer at which `moment`'s sound is heard (negative: before it, past the end: after it).
        func frame(of moment: C.Instant) -> Int {
            Int((heardAt.duration(to: moment.advanced(by: lightLatency)).inSeconds * Double(rate)).rounded())
        }
        var from = 0, to = count
        if !playing, loaded != nil, let startsAt {
            let start = frame(of: startsAt)
            guard start < count else { return Self.silence(buffer, 0..<count) }
            if start < 0 { loaded!.performance.skip(-start) }
            from = max(0, start)
            playing = true
            self.startsAt = nil
            startedAt = startsAt
            lastTick = startsAt
            startUntold = true
        }
        guard playing, loaded != nil, !soundStopped else { return Self.silence(buffer, 0..<count) }
        if let stopsAt, frame(of: stopsAt) < count {
            to = max(from, frame(of: stopsAt))
            soundStopped = true  // the light is let go at the tick (Playhead.advance)
        }
        Self.silence(buffer, 0..<from)
        loaded!.performance.render(into: UnsafeMutableBufferPointer(rebasing: buffer[(2 * from)..<(2 * to)]), frameCount: to - from)
        Self.silence(buffer, to..<count)
    }

    private static func silence(_ buffer: UnsafeMutableBufferPointer<Float>, _ frames: Range<Int>) {
        for index in (2 * frames.lowerBound)..<(2 * frames.upperBound) { buffer[index] = 0 }
    }
}
