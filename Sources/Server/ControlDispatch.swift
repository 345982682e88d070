import Control
import Engine
import Instrument

/// Carries out an external control's command on the live session (so every client hears it): intents
/// directly, chordset steps through the library (the chordset list's neighbour of the one playing).
public struct ControlDispatch<C: Clock>: Sendable where C.Duration == Duration {
    public let session: LiveSession<C>
    /// The chordset `offset` places from the one playing, or nil at the end of the list.
    public let neighbour: @Sendable (_ playing: Chordset, _ offset: Int) async -> Chordset?

    public init(session: LiveSession<C>, neighbour: @escaping @Sendable (Chordset, Int) async -> Chordset?) {
        self.session = session
        self.neighbour = neighbour
    }

    /// Performs the command; false if the instrument refused it.
    public func perform(_ command: ControlCommand) async -> Bool {
        switch command {
        case .intent(let intent):
            return (try? await session.perform(intent)) != nil
        case .stepChordset(let offset):
            guard let next = await neighbour(await session.engine.snapshot().chordset, offset) else { return false }
            return (try? await session.perform(.loadChordset(next))) != nil
        case .record(let on):
            do {
                if on { try await session.startRecording() } else { try await session.stopRecording() }
                return true
            } catch {
                return false
            }
        }
    }
}
