import Foundation
import Geometry
import Instrument
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
