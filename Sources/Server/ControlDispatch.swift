import Control
import Engine
import Instrument

/// Carries out an external control's command (OSC) on the live instrument, so every client hears it.
public struct ControlDispatch<C: Clock>: Sendable where C.Duration == Duration {
    public let instrument: LiveInstrument<C>

    public init(instrument: LiveInstrument<C>) {
        self.instrument = instrument
    }

    /// Performs the command; why the instrument refused it, or nil when it was carried out.
    public func perform(_ command: ControlCommand) async -> LiveError? {
        do {
            switch command {
            case .intent(let intent):
                try await instrument.perform(intent)
            case .stepChordset(let offset):
                try await instrument.stepChordset(by: offset)
            case .record(let on):
                try await instrument.record(on)
            }
            return nil
        } catch {
            return error
        }
    }
}
