import Foundation
import Geometry
import Instrument

/// Reads back a binary frame (docs/live-protocol.md) and the forms messages a canvas received with it, as
/// the scene they describe — so that the Swift rasterizer can draw exactly what a canvas was sent (the
/// browser tests hold the two renderings against each other). Every length is checked: a short or
/// foreign frame is refused, never read past its end.
public enum FrameDecoding {
    public static func decode(_ bytes: [UInt8], forms: [Int: Form]) throws(FrameDecodingError) -> Scene {
        guard bytes.count >= FrameEncoding.headerSize, Array(bytes.prefix(4)) == FrameEncoding.magic else {
            throw FrameDecodingError("not a frame: it does not begin with IPF1 and a 24-byte header")
        }
        let instanceCount = Int(read(UInt32.self, bytes, 12))
        let paneCount = Int(read(UInt16.self, bytes, 16))
        let expected = FrameEncoding.headerSize + paneCount * FrameEncoding.paneSize + instanceCount * FrameEncoding.instanceSize
        guard bytes.count == expected else {
            throw FrameDecodingError("the frame is \(bytes.count) bytes; its counts (\(paneCount) panes, \(instanceCount) instances) make \(expected)")
        }
        var scene = Scene(
            time: Double(Float(bitPattern: read(UInt32.self, bytes, 8))),
            background: color(bytes, 18), trailPersistence: Double(bytes[22]) / 255, erasures: Int(bytes[23]))
        let tableSize = (forms.keys.max() ?? -1) + 1
        scene.forms = (0..<tableSize).map { forms[$0] ?? .circle }
        var offset = FrameEncoding.headerSize
        for _ in 0..<paneCount {
            let values = (0..<4).map { Double(Int16(bitPattern: read(UInt16.self, bytes, offset + 2 * $0))) / FrameEncoding.scaleUnit }
            scene.panes.append(LitPaneInstance(frame: Rect(x: values[0], y: values[1], width: values[2], height: values[3]), color: color(bytes, offset + 8)))
            offset += FrameEncoding.paneSize
        }
        for _ in 0..<instanceCount {
            let form = Int(read(UInt16.self, bytes, offset + 18))
            guard forms[form] != nil else { throw FrameDecodingError("an instance uses form \(form), whose geometry was not sent") }
            let sx = Double(Int16(bitPattern: read(UInt16.self, bytes, offset + 8))) / FrameEncoding.scaleUnit
            let sy = Double(Int16(bitPattern: read(UInt16.self, bytes, offset + 10))) / FrameEncoding.scaleUnit
            let turns = Double(read(UInt16.self, bytes, offset + 12)) / 65_536
            let position = Point(x: Double(Float(bitPattern: read(UInt32.self, bytes, offset))), y: Double(Float(bitPattern: read(UInt32.self, bytes, offset + 4))))
            let packed = bytes[offset + 21]
            scene.instances.append(SceneInstance(
                form: Int32(form), transform: .placement(position: position, turns: turns, sx: sx, sy: sy),
                color: color(bytes, offset + 14), strokeWidth: Double(bytes[offset + 20]) / 512,
                layer: CanvasLayer(rawValue: packed & 0b11) ?? .lumis, blend: FrameEncoding.blend(code: packed >> 2 & 0b11)))
            offset += FrameEncoding.instanceSize
        }
        return scene
    }

    /// The forms of one or more `forms` messages (JSON text, as sent on `/live?frames=1`), by index.
    public static func forms(fromMessages messages: [String]) throws(FrameDecodingError) -> [Int: Form] {
        struct Message: Decodable {
            struct Entry: Decodable {
                let index: Int
                let form: Form
            }
            let forms: [Entry]
        }
        var table: [Int: Form] = [:]
        for text in messages {
            guard let message = try? JSONDecoder().decode(Message.self, from: Data(text.utf8)) else {  // answered in the else
                throw FrameDecodingError("not a forms message: \(text.prefix(80))")
            }
            for entry in message.forms where (0...Int(UInt16.max)).contains(entry.index) { table[entry.index] = entry.form }
        }
        return table
    }

    private static func read<T: FixedWidthInteger>(_: T.Type, _ bytes: [UInt8], _ offset: Int) -> T {
        (0..<MemoryLayout<T>.size).reduce(T.zero) { $0 | T(bytes[offset + $1]) << (8 * $1) }
    }

    private static func color(_ bytes: [UInt8], _ offset: Int) -> RGBAColor {
        RGBAColor(red: Double(bytes[offset]) / 255, green: Double(bytes[offset + 1]) / 255, blue: Double(bytes[offset + 2]) / 255, alpha: Double(bytes[offset + 3]) / 255)
    }
}

/// Why a frame could not be read.
public struct FrameDecodingError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
