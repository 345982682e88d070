import Control
import Engine
import Instrument

/// Carries out an external control's command on the engine: intents directly, chordset steps through the
/// library (the chordset list's neighbour of the one playing).
public struct ControlDispatch<C: Clock>: Sendable where C.Duration == Duration {
    public let engine: InstrumentEngine<C>
    /// The chordset `offset` places from the one playing, or nil at the end of the list.
    public let neighbour: @Sendable (_ playing: Chordset, _ offset: Int) async -> Chordset?

    public init(engine: InstrumentEngine<C>, neighbour: @escaping @Sendable (Chordset, Int) async -> Chordset?) {
        self.engine = engine
        self.neighbour = neighbour
    }

    /// Performs the command; false if the instrument refused it.
    public func perform(_ command: ControlCommand) async -> Bool {
        switch command {
        case .intent(let intent):
            return (try? await engine.perform(intent)) != nil
        case .stepChordset(let offset):
            guard let next = await neighbour(await engine.snapshot().chordset, offset) else { return false }
            return (try? await engine.perform(.loadChordset(next))) != nil
        }
    }
}
