import Control
import Engine
import Instrument
import NIOCore
import NIOPosix
import Server
import Testing
import TestSupport

@Suite("OSC over UDP", .timeLimit(.minutes(2)))
struct OSCListenerTests {
    func send(_ datagrams: [[UInt8]], to port: Int) async throws {
        let sender = try await DatagramBootstrap(group: MultiThreadedEventLoopGroup.singleton).bind(host: "127.0.0.1", port: 0).get()
        let target = try SocketAddress(ipAddress: "127.0.0.1", port: port)
        for datagram in datagrams {
            try await sender.writeAndFlush(AddressedEnvelope(remoteAddress: target, data: ByteBuffer(bytes: datagram))).get()
        }
        try await sender.close()
    }

    @Test func padsHueAndStepsArriveInOrderAndGarbageIsCounted() async throws {
        let engine = InstrumentEngine(chordset: FactoryChordsets.lumia, clock: ContinuousClock())
        let instrument = LiveInstrument(engine: engine, shelf: MemoryShelf())
        let probe = ChangeProbe()
        instrument.listen(probe)
        let dispatch = ControlDispatch(instrument: instrument)
        let listener = try await OSCListener.bind(port: 0)
        let running = Task { try await listener.run { await dispatch.perform($0) == nil } }
        let bundle = OSCEncoder.encode(.bundle(timeTag: 1, elements: [
            .message(OSCMessage("/imager/hue/center", [.float32(0.25)])),
            .message(OSCMessage("/imager/pad/3", [.float32(0.9)])),
        ]))
        try await send([
            bundle,
            OSCEncoder.encode(.message(OSCMessage("/imager/chordset/next"))),
            [1, 2, 3],  // not OSC
            OSCEncoder.encode(.message(OSCMessage("/imager/nothing"))),
            OSCEncoder.encode(.message(OSCMessage("/imager/tempo", [.float32(5)]))),  // out of range: refused
            OSCEncoder.encode(.message(OSCMessage("/imager/tempo", [.float32(96)]))),
        ], to: listener.port)
        _ = await probe.first { $0.tempo == 96 }  // the last datagram, carried out
        let state = await engine.snapshot()
        #expect(state.tempo == 96)
        #expect(state.colors.hue.center == 0.25)
        #expect(state.pads[2].isDown)
        #expect(state.chordset.title == "Prism")
        #expect(listener.droppedCount == 3)
        await listener.close()
        _ = try? await running.value
    }
}
