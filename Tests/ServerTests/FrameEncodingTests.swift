import Foundation
import Geometry
import Instrument
import NIOCore
import Testing

@testable import Server

@Suite("Binary frames")
struct FrameEncodingTests {
    func readFloat(_ bytes: [UInt8], _ offset: Int) -> Float {
        Float(bitPattern: UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16 | UInt32(bytes[offset + 3]) << 24)
    }

    func readInt16(_ bytes: [UInt8], _ offset: Int) -> Int16 {
        Int16(bitPattern: UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8)
    }

    @Test func aFrameIsAHeaderPanesAndTwentyFourBytesAnInstance() throws {
        let log = try PerformanceLog(chordset: FactoryChordsets.lumia, events: [PerformanceEvent(time: 0, intent: .padDown(pad: 7, velocity: 1))])
        let scene = log.scene(at: 1)
        let bytes = FrameEncoding.encode(scene, frame: 42)
        #expect(bytes.count == 24 + 12 * scene.panes.count + 24 * scene.instances.count)
        #expect(Array(bytes.prefix(4)) == Array("IPF1".utf8))
        #expect(bytes[4] == 42 && readFloat(bytes, 8) == 1)
        #expect(Int(bytes[12]) | Int(bytes[13]) << 8 == scene.instances.count)
    }

    @Test func anInstanceKeepsItsPlaceSizeTurnColourAndForm() {
        let instance = SceneInstance(
            form: 3, transform: .placement(position: Point(x: 1.25, y: 0.5), turns: 0.125, sx: 0.2, sy: 0.1),
            color: RGBAColor(red: 1, green: 0.5, blue: 0, alpha: 0.75), strokeWidth: 0.04, layer: .trails, blend: .additive)
        let bytes = FrameEncoding.encode(Scene(time: 0, instances: [instance], forms: [.circle]), frame: 0)
        let at = FrameEncoding.headerSize
        #expect(readFloat(bytes, at) == 1.25 && readFloat(bytes, at + 4) == 0.5)
        #expect(abs(Double(readInt16(bytes, at + 8)) / 8192 - 0.2) < 1e-3)
        #expect(abs(Double(readInt16(bytes, at + 10)) / 8192 - 0.1) < 1e-3)
        #expect(abs(Double(UInt16(bytes[at + 12]) | UInt16(bytes[at + 13]) << 8) / 65_536 - 0.125) < 1e-4)
        #expect(Array(bytes[(at + 14)..<(at + 18)]) == [255, 128, 0, 191])
        #expect(bytes[at + 18] == 3 && bytes[at + 19] == 0)
        #expect(bytes[at + 20] == 20)  // 0.04 × 512
        #expect(bytes[at + 21] == CanvasLayer.trails.rawValue | 1 << 2)
    }
}

/// Frames read back: what the canvas was sent is the scene the Swift rasterizer draws.
@Suite("Frames read back")
struct FrameDecodingTests {
    @Test func aFrameReadBackIsTheSceneItWasWithinTheFormatsPrecision() throws {
        var state = PerformanceState(chordset: FactoryChordsets.lumia, seed: 3)
        try state.apply(PerformanceEvent(time: 0, intent: .padDown(pad: 0, velocity: 0.8)))
        try state.apply(PerformanceEvent(time: 0.1, intent: .padDown(pad: 4, velocity: 1)))
        let scene = state.scene(at: 1.3)
        let forms = Dictionary(uniqueKeysWithValues: scene.forms.enumerated().map { ($0, $1) })
        let decoded = try FrameDecoding.decode(FrameEncoding.encode(scene, frame: 7), forms: forms)
        #expect(decoded.instances.count == scene.instances.count && !scene.instances.isEmpty)
        #expect(decoded.panes.count == scene.panes.count)
        #expect(decoded.forms == scene.forms)
        #expect(abs(decoded.time - scene.time) < 1e-6)
        for (original, read) in zip(scene.instances, decoded.instances) {
            #expect(read.form == original.form && read.layer == original.layer && read.blend == original.blend)
            #expect(abs(read.tx - original.tx) < 1e-6 && abs(read.ty - original.ty) < 1e-6)
            for (a, b) in [(read.a, original.a), (read.b, original.b), (read.c, original.c), (read.d, original.d)] {
                #expect(abs(a - b) < 1e-3 * max(1, abs(b)))  // 1/8192 of a height, a 65,536th of a turn
            }
            #expect(abs(read.red - original.red) <= 0.5 / 255 + 1e-6 && abs(read.opacity - original.opacity) <= 0.5 / 255 + 1e-6)
        }
    }

    @Test func shortForeignOrInconsistentFramesAreRefused() throws {
        let scene = Scene(time: 1, instances: [SceneInstance(form: 0, transform: .identity, color: .white, strokeWidth: 0, layer: .lumis, blend: .additive)], forms: [.circle])
        let bytes = FrameEncoding.encode(scene, frame: 1)
        for bad in [[], Array(bytes.prefix(23)), Array(bytes.dropLast()), bytes + [0], [UInt8](repeating: 0, count: 48)] {
            #expect(throws: FrameDecodingError.self) { try FrameDecoding.decode(bad, forms: [0: .circle]) }
        }
        #expect(throws: FrameDecodingError.self) { try FrameDecoding.decode(bytes, forms: [:]) }  // geometry not sent
        #expect(throws: FrameDecodingError.self) { try FrameDecoding.forms(fromMessages: ["{\"forms\": 3}"]) }
        let table = try FrameDecoding.forms(fromMessages: [#"{"type":"forms","forms":[{"index":2,"form":{"kind":"polygon","sides":5}}]}"#])
        #expect(table == [2: .polygon(sides: 5)])
    }
}

@Suite("Frames as sent")
struct FrameBufferTests {
    @Test func theBufferSentHoldsTheSameBytesAsTheEncodedFrame() throws {
        var state = PerformanceState(chordset: FactoryChordsets.prism, seed: 9)
        try state.apply(PerformanceEvent(time: 0, intent: .padDown(pad: 1, velocity: 1)))
        let scene = state.scene(at: 0.8)
        #expect(!scene.instances.isEmpty)
        let buffer = FrameEncoding.encodedBuffer(scene, frame: 42)
        #expect(Array(buffer: buffer) == FrameEncoding.encode(scene, frame: 42))
    }
}
