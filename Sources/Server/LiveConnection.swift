import Engine
import Foundation
import HummingbirdWebSocket
import Instrument
import NIOCore
import ServiceLifecycle
import StageOutputs

/// One client on `/live`, from its snapshot on connecting to its leaving: its messages read and carried
/// out, its outbox written to its socket (the geometry of new forms before the frame that uses them), and a
/// watchdog that cuts it off when a write has waited `stallLimit` for it to read.
struct LiveConnection<C: Clock>: Sendable where C.Duration == Duration {
    let session: LiveSession<C>
    let outbound: WebSocketOutboundWriter
    let channel: any Channel
    let wantsFrames: Bool
    /// The output a canvas shows (nil: Main), counted for `/status`.
    var output: String? = nil
    let stallLimit: Duration

    func run(inbound: WebSocketInboundStream) async throws {
        let (id, outbox) = session.hub.join(wantsFrames: wantsFrames, output: output)
        defer { session.hub.leave(id) }
        outbox.sendSnapshot()  // first
        // The stage's outputs: a canvas draws its own from them.
        if let outputs = session.outputs?.revised { outbox.send(LiveMessages.outputs(outputs.outputs, revision: outputs.revision)) }
        // The fixture patch, as a console's panel shows it.
        if let patch = session.fixtures?.revisedPatch { outbox.send(LiveMessages.fixturePatch(patch)) }
        // Where the composition transport is, when something is loaded: a console that comes back finds its playhead.
        if let status = session.transport?.status, status.composition != nil { outbox.send(LiveMessages.transport(status)) }
        // What is heard and where the Link session is, when the instrument listens or keeps time with one, so
        // that a console's meter and beat start from the truth.
        if let status = session.listening?.status, status.source != "none" { outbox.send(LiveMessages.heard(status)) }
        if let status = session.link?.status, status.enabled { outbox.send(LiveMessages.link(status)) }
        // The client as a performer: the pads it holds are let go when it leaves, however it leaves.
        var performer = LivePerformer(instrument: session.instrument)
        do {
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await write(outbox) }
                group.addTask { try await watch(outbox, id: id) }
                group.addTask { try await closeOnShutdown() }
                defer { group.cancelAll() }
                for try await message in inbound.messages(maxSize: LiveMessages.maximumMessageSize) {
                    guard case .text(let text) = message else {
                        outbox.send(LiveMessages.error("messages are JSON text"))
                        continue
                    }
                    if let refusal = await carryOut(text, by: &performer, client: id) { outbox.send(LiveMessages.error(refusal)) }
                }
            }
        } catch {
            await performer.leave()
            throw error
        }
        await performer.leave()
    }

    /// Carries out a client's message; the reason when it is refused.
    private func carryOut(_ text: String, by performer: inout LivePerformer<C>, client id: UUID) async -> String? {
        do {
            switch LiveMessages.request(from: text) {
            case .failure(let refusal):
                return refusal.message
            case .success(.intent(let intent)):
                try await performer.perform(intent)
            case .success(.record(let on)):
                try await session.instrument.record(on)
            case .success(.stepChordset(let offset)):
                try await session.instrument.stepChordset(by: offset)
            case .success(.fixtures(let change)):
                _ = try session.changeFixtureControls(change)
            case .success(.identifyOutput(let name)):
                guard session.outputs?.now.outputs.output(named: name) != nil else { return "there is no output “\(StageOutput.quoted(name))”" }
                session.hub.broadcast(LiveMessages.identifyOutput(name))
            case .success(.canvasReport(let report)):
                session.hub.take(report, from: id)
            case .success(.transport(let command)):
                try await ControlDispatch.perform(command, on: session.transport)
            case .success(.link(let enabled, let quantum)):
                guard let link = session.link else { return "this instrument cannot join a Link session" }
                try link.set(enabled: enabled, quantum: quantum)
                await link.sync()
                // While joined, `sync` tells everyone; leaving is told once.
                if !enabled { session.hub.broadcast(LiveMessages.link(link.status)) }
            }
        } catch {
            return error.description
        }
        return nil
    }

    private func write(_ outbox: ClientOutbox<C>) async throws {
        var formsSent = 0
        while let item = await outbox.next() {
            switch item {
            case .text(let text):
                try await send(.text(text), outbox)
            case .change(let change):
                try await send(.text(change.message), outbox)
            case .snapshot:
                let snapshot = await session.engine.snapshot()
                outbox.sent(revision: snapshot.revision)
                try await send(.text(LiveMessages.snapshot(snapshot)), outbox)
            case .frame(let frame):
                if frame.forms.count > formsSent {
                    try await send(.text(LiveMessages.forms(frame.forms[formsSent...])), outbox)
                    formsSent = frame.forms.count
                }
                try await send(.binary(frame.bytes), outbox)
            }
        }
    }

    private func send(_ frame: WebSocketOutboundWriter.OutboundFrame, _ outbox: ClientOutbox<C>) async throws {
        outbox.writing(true)
        defer { outbox.writing(false) }
        try await outbound.write(frame)
    }

    /// When the server stops, the client is sent a closing handshake (by the WebSocket library); one that
    /// has not closed a second later is cut off, so that stopping never waits for a client.
    private func closeOnShutdown() async throws {
        try await gracefulShutdown()
        try await session.engine.clock.sleep(for: .seconds(1))
        try? await channel.close()  // cutting off: the server is stopping
    }

    /// Closes the connection once a write has waited too long: the client stopped reading.
    private func watch(_ outbox: ClientOutbox<C>, id: UUID) async throws {
        while true {
            try await session.engine.clock.sleep(for: min(stallLimit / 4, .seconds(1)))
            if outbox.stalledFor > stallLimit {
                session.hub.evict(id)
                APIAnswer.logger.notice("a client stopped reading for over \(stallLimit): it is cut off, and the others play on")
                try? await channel.close()  // cutting off a client that stopped reading
                return
            }
        }
    }
}
