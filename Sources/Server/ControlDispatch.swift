import Composition
import Control
import Engine
import Instrument

/// Carries out an external control's command (OSC) on the live instrument, so every client hears it.
public struct ControlDispatch<C: Clock>: Sendable where C.Duration == Duration {
    public let instrument: LiveInstrument<C>
    /// The composition transport (nil: this instrument plays no compositions).
    public let transport: CompositionTransport<C>?

    public init(instrument: LiveInstrument<C>, transport: CompositionTransport<C>? = nil) {
        self.instrument = instrument
        self.transport = transport
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
            case .transport(let request):
                try await Self.perform(request, on: transport)
            }
            return nil
        } catch {
            return error
        }
    }

    /// Carries out a transport command, from OSC or the live protocol alike.
    static func perform(_ command: TransportCommand, on transport: CompositionTransport<C>?) async throws(LiveError) {
        guard let transport else { throw LiveError(.unavailable, "this instrument plays no compositions") }
        switch command {
        case .play(let name): try await transport.play(name)
        case .playPair(let part, let voice): try await transport.play(pair: Pair(PartID(part), VoiceID(voice)))
        case .preview(let sound): try await transport.preview(sound: SoundID(sound))
        case .stop: await transport.stop()
        case .locate(let seconds): try await transport.locate(seconds)
        case .loopPart(let number): try await transport.loop(part: number)
        case .loopSeconds(let from, let to): try await transport.loop(from: from, to: to)
        }
    }
}
