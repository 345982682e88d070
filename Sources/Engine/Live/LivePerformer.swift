import Instrument

/// One performer at the live instrument — a console or a canvas page connected to the server, for as long
/// as it stays: what it plays goes to the instrument, and the pads it holds down are let go when it leaves,
/// however it leaves (a dropped connection must not leave a pad sounding).
public struct LivePerformer<C: Clock>: Sendable where C.Duration == Duration {
    public let instrument: LiveInstrument<C>
    /// The pads this performer pressed and has not released.
    public private(set) var held: Set<Int> = []

    public init(instrument: LiveInstrument<C>) {
        self.instrument = instrument
    }

    /// Performs `intent` on the performer's behalf, keeping count of the pads it holds.
    public mutating func perform(_ intent: Intent) async throws(LiveError) {
        _ = try await instrument.perform(intent)
        switch intent {
        case .padDown(let pad, _): held.insert(pad)
        case .padUp(let pad): held.remove(pad)
        default: break
        }
    }

    /// The performer has gone: every pad it still holds is let go.
    public mutating func leave() async {
        for pad in held.sorted() {
            // A pad it holds is a valid pad, so letting go of it cannot be refused.
            do { _ = try await instrument.perform(.padUp(pad: pad)) } catch {}
        }
        held = []
    }
}
