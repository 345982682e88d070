import Foundation
import Geometry
import Instrument

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
        var bytes = [UInt8]()
        bytes.reserveCapacity(headerSize + scene.panes.count * paneSize + scene.instances.count * instanceSize)
        bytes += magic
        append(number, to: &bytes)
        append(Float(scene.time).bitPattern, to: &bytes)
        append(UInt32(scene.instances.count), to: &bytes)
        append(UInt16(min(scene.panes.count, Int(UInt16.max))), to: &bytes)
        bytes += rgba(scene.background)
        bytes.append(byte(scene.trailPersistence))
        bytes.append(UInt8(truncatingIfNeeded: scene.erasures))
        for pane in scene.panes.prefix(Int(UInt16.max)) {
            for value in [pane.frame.minX, pane.frame.minY, pane.frame.width, pane.frame.height] {
                append(UInt16(truncatingIfNeeded: Int16(fixed(value))), to: &bytes)
            }
            bytes += rgba(pane.color)
        }
        for instance in scene.instances {
            append(instance.tx.bitPattern, to: &bytes)
            append(instance.ty.bitPattern, to: &bytes)
            let (sx, sy, turns) = decompose(instance)
            append(UInt16(bitPattern: fixed(sx)), to: &bytes)
            append(UInt16(bitPattern: fixed(sy)), to: &bytes)
            append(UInt16(truncatingIfNeeded: Int((turns.wrappedUnit * 65_536).rounded()) & 0xFFFF), to: &bytes)
            bytes += [byte(Double(instance.red)), byte(Double(instance.green)), byte(Double(instance.blue)), byte(Double(instance.opacity))]
            append(UInt16(truncatingIfNeeded: instance.form), to: &bytes)
            bytes.append(UInt8(min(max(Double(instance.strokeWidth) * 512, 0), 255).rounded()))
            bytes.append(instance.layer.rawValue & 0b11 | blendCode(instance.blend) << 2)
            bytes += [0, 0]
        }
        return bytes
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

    private static func byte(_ value: Double) -> UInt8 { UInt8(((value.isNaN ? 0 : value).clamped(to: 0...1) * 255).rounded()) }

    private static func rgba(_ color: RGBAColor) -> [UInt8] {
        [byte(color.red), byte(color.green), byte(color.blue), byte(color.alpha)]
    }

    private static func append<T: FixedWidthInteger>(_ value: T, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    }
}
