import Control
import Engine
import Instrument

/// Carries out an external control's command on the live session, so every client hears it.
public struct ControlDispatch<C: Clock>: Sendable where C.Duration == Duration {
    public let session: LiveSession<C>

    public init(session: LiveSession<C>) {
        self.session = session
    }

    /// Performs the command; false if the instrument refused it.
    public func perform(_ command: ControlCommand) async -> Bool {
        switch command {
        case .intent(let intent):
            return (try? await session.perform(intent)) != nil
        case .stepChordset(let offset):
            return (try? await session.stepChordset(by: offset)) != nil
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
