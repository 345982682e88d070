import Foundation
import Geometry
import Instrument
import NIOCore

/// The compact binary frame a canvas receives each tick (docs/live-protocol.md): little-endian, a 24-byte
/// header, 12 bytes a lit pane, 24 bytes an instance. Forms are sent once as geometry; instances name them.
///
/// Instance layout (24 bytes): tx, ty (Float32, canvas heights); scale x and y (Int16, 1/8192 of a canvas
/// height, ±4); rotation (UInt16, 1/65536 of a turn); colour R, G, B and opacity (UInt8 each); form
/// (UInt16); stroke width (UInt8, 1/512 of the form's size); layer in bits 0–1 and blend in bits 2–3
/// (UInt8); two bytes reserved.
public enum FrameEncoding {
    public static let magic: [UInt8] = Array("IPF1".utf8)
    public static let headerSize = 24
    public static let paneSize = 12
    public static let instanceSize = 24
    static let scaleUnit = 8192.0

    public static func encode(_ scene: Scene, frame number: UInt32) -> [UInt8] {
        let size = encodedSize(of: scene)
        return [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            write(scene, frame: number, into: UnsafeMutableRawBufferPointer(buffer))
            initialized = size
        }
    }

    /// The frame as the WebSocket sends it, written straight into the buffer that goes out.
    static func encodedBuffer(_ scene: Scene, frame number: UInt32) -> ByteBuffer {
        let size = encodedSize(of: scene)
        var buffer = ByteBufferAllocator().buffer(capacity: size)
        buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: size) { raw in
            write(scene, frame: number, into: UnsafeMutableRawBufferPointer(rebasing: raw[..<size]))
            return size
        }
        return buffer
    }

    private static func encodedSize(of scene: Scene) -> Int {
        headerSize + min(scene.panes.count, Int(UInt16.max)) * paneSize + scene.instances.count * instanceSize
    }

    /// Writes the frame into `raw`, exactly `encodedSize(of:)` bytes: in place, as a frame of 10,000 lumis
    /// is 240 KB, encoded 60 times a second.
    private static func write(_ scene: Scene, frame number: UInt32, into raw: UnsafeMutableRawBufferPointer) {
        let paneCount = min(scene.panes.count, Int(UInt16.max))
        raw.copyBytes(from: magic)
        raw.storeBytes(of: number.littleEndian, toByteOffset: 4, as: UInt32.self)
        raw.storeBytes(of: Float(scene.time).bitPattern.littleEndian, toByteOffset: 8, as: UInt32.self)
        raw.storeBytes(of: UInt32(scene.instances.count).littleEndian, toByteOffset: 12, as: UInt32.self)
        raw.storeBytes(of: UInt16(paneCount).littleEndian, toByteOffset: 16, as: UInt16.self)
        store(rgba(scene.background), in: raw, at: 18)
        raw[22] = byte(scene.trailPersistence)
        raw[23] = UInt8(truncatingIfNeeded: scene.erasures)
        var offset = headerSize
        for pane in scene.panes.prefix(paneCount) {
            for (index, value) in [pane.frame.minX, pane.frame.minY, pane.frame.width, pane.frame.height].enumerated() {
                raw.storeBytes(of: UInt16(bitPattern: fixed(value)).littleEndian, toByteOffset: offset + 2 * index, as: UInt16.self)
            }
            store(rgba(pane.color), in: raw, at: offset + 8)
            offset += paneSize
        }
        for instance in scene.instances {
            raw.storeBytes(of: instance.tx.bitPattern.littleEndian, toByteOffset: offset, as: UInt32.self)
            raw.storeBytes(of: instance.ty.bitPattern.littleEndian, toByteOffset: offset + 4, as: UInt32.self)
            let (sx, sy, turns) = decompose(instance)
            raw.storeBytes(of: UInt16(bitPattern: fixed(sx)).littleEndian, toByteOffset: offset + 8, as: UInt16.self)
            raw.storeBytes(of: UInt16(bitPattern: fixed(sy)).littleEndian, toByteOffset: offset + 10, as: UInt16.self)
            let rotation = UInt16(truncatingIfNeeded: Int((turns.wrappedUnit * 65_536).rounded()) & 0xFFFF)
            raw.storeBytes(of: rotation.littleEndian, toByteOffset: offset + 12, as: UInt16.self)
            raw[offset + 14] = byte(Double(instance.red))
            raw[offset + 15] = byte(Double(instance.green))
            raw[offset + 16] = byte(Double(instance.blue))
            raw[offset + 17] = byte(Double(instance.opacity))
            raw.storeBytes(of: UInt16(truncatingIfNeeded: instance.form).littleEndian, toByteOffset: offset + 18, as: UInt16.self)
            raw[offset + 20] = strokeByte(instance.strokeWidth)
            raw[offset + 21] = instance.layer.rawValue & 0b11 | blendCode(instance.blend) << 2
            raw[offset + 22] = 0
            raw[offset + 23] = 0
            offset += instanceSize
        }
    }

    /// Scale x, scale y (negative for a mirrored form) and rotation in turns of an instance's transform.
    static func decompose(_ instance: SceneInstance) -> (Double, Double, Double) {
        let a = Double(instance.a), b = Double(instance.b), c = Double(instance.c), d = Double(instance.d)
        let sx = (a * a + b * b).squareRoot()
        let sy = (c * c + d * d).squareRoot() * (a * d - b * c < 0 ? -1 : 1)
        return (sx, sy, atan2(b, a) / (2 * .pi))
    }

    static func blendCode(_ blend: BlendMode) -> UInt8 {
        switch blend {
        case .sourceOver: 0
        case .additive: 1
        case .screen: 2
        case .multiply: 3
        }
    }

    static func blend(code: UInt8) -> BlendMode {
        switch code {
        case 1: .additive
        case 2: .screen
        case 3: .multiply
        default: .sourceOver
        }
    }

    private static func fixed(_ value: Double) -> Int16 {
        Int16((value.isNaN ? 0 : value * scaleUnit).clamped(to: Double(Int16.min)...Double(Int16.max)).rounded())
    }

    /// The stroke width in 1/512 of the form's size, 0…255 (NaN, as nothing else could be, is 0).
    static func strokeByte(_ width: Float) -> UInt8 {
        let units = Double(width) * 512
        return units.isNaN ? 0 : UInt8(units.clamped(to: 0...255).rounded())
    }

    private static func byte(_ value: Double) -> UInt8 { UInt8(((value.isNaN ? 0 : value).clamped(to: 0...1) * 255).rounded()) }

    private static func rgba(_ color: RGBAColor) -> (UInt8, UInt8, UInt8, UInt8) {
        (byte(color.red), byte(color.green), byte(color.blue), byte(color.alpha))
    }

    private static func store(_ color: (UInt8, UInt8, UInt8, UInt8), in raw: UnsafeMutableRawBufferPointer, at offset: Int) {
        raw[offset] = color.0
        raw[offset + 1] = color.1
        raw[offset + 2] = color.2
        raw[offset + 3] = color.3
    }
}
