import Geometry

/// A picture in memory: `width × height` pixels, each red, green, blue and alpha in 8 bits, premultiplied
/// by alpha, rows from the top. What the rasterizer draws into and the encoders write out.
public struct Bitmap: Hashable, Sendable {
    /// The largest side a bitmap may have.
    public static let maximumSide = 16_384

    public let width: Int
    public let height: Int
    /// `width × height × 4` bytes: R, G, B, A, premultiplied.
    public var pixels: [UInt8]

    /// A bitmap filled with `color` (transparent black by default). Sides are clamped to 0…16384.
    public init(width: Int, height: Int, color: RGBAColor = .clear) {
        self.width = min(max(width, 0), Self.maximumSide)
        self.height = min(max(height, 0), Self.maximumSide)
        let packed = PremultipliedColor(color).packed
        let count = self.width * self.height * 4
        // One pass over the memory: written with the colour, never zeroed first.
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            if let base = buffer.baseAddress {
                Self.fill(UnsafeMutableRawPointer(base), bytes: count, with: packed)
            }
            initialized = count
        }
        self.pixels = pixels
    }

    /// Writes the pixel `packed` over `bytes` bytes (a multiple of 4), sixteen pixels at a time.
    static func fill(_ base: UnsafeMutableRawPointer, bytes: Int, with packed: UInt32) {
        let block = SIMD16<UInt32>(repeating: packed)
        var offset = 0
        while offset + 64 <= bytes {
            base.storeBytes(of: block, toByteOffset: offset, as: SIMD16<UInt32>.self)
            offset += 64
        }
        while offset < bytes {
            base.storeBytes(of: packed, toByteOffset: offset, as: UInt32.self)
            offset += 4
        }
    }

    /// The pixel at (x, y), premultiplied, each channel 0…1.
    public subscript(x: Int, y: Int) -> PremultipliedColor {
        let index = (y * width + x) * 4
        return PremultipliedColor(
            red: Double(pixels[index]) / 255, green: Double(pixels[index + 1]) / 255,
            blue: Double(pixels[index + 2]) / 255, alpha: Double(pixels[index + 3]) / 255)
    }

    /// The pixel at (x, y) as a colour with straight (not premultiplied) alpha.
    public func color(x: Int, y: Int) -> RGBAColor { self[x, y].unpremultiplied }

    /// Fills every pixel — or those of `rows` — with `color`, in place.
    public mutating func clear(to color: RGBAColor, rows: Range<Int>? = nil) {
        let packed = PremultipliedColor(color).packed
        let span = byteSpan(of: rows)
        pixels.withUnsafeMutableBytes { bytes in
            if let base = bytes.baseAddress, !span.isEmpty { Self.fill(base + span.lowerBound, bytes: span.count, with: packed) }
        }
    }

    /// The bytes of `rows` (all rows when nil), cut to the picture.
    private func byteSpan(of rows: Range<Int>?) -> Range<Int> {
        let rows = (rows ?? 0..<height).clamped(to: 0..<height)
        return rows.lowerBound * width * 4..<rows.upperBound * width * 4
    }

    /// Copies `other` into this bitmap with its top left corner at (x, y); what falls outside is cut.
    public mutating func paste(_ other: Bitmap, x: Int, y: Int) {
        if x == 0, other.width == width {
            // Whole rows: one copy.
            let rows = max(0, y)..<min(height, y + other.height)
            guard !rows.isEmpty else { return }
            let source = (rows.lowerBound - y) * width * 4
            pixels.replaceSubrange((rows.lowerBound * width * 4)..<(rows.upperBound * width * 4),
                                   with: other.pixels[source..<(source + rows.count * width * 4)])
            return
        }
        for row in 0..<other.height where (0..<height).contains(y + row) {
            let first = max(0, -x), last = min(other.width, width - x)
            guard first < last else { continue }
            let source = (row * other.width + first) * 4, destination = ((y + row) * width + x + first) * 4
            pixels.replaceSubrange(destination..<(destination + (last - first) * 4), with: other.pixels[source..<(source + (last - first) * 4)])
        }
    }

    /// Composites `other` (the same size) over this bitmap — or over its `rows` —, pixel by pixel, with
    /// `composite`.
    public mutating func composite(_ other: Bitmap, with composite: CompositeOperator, rows: Range<Int>? = nil) {
        guard other.width == width, other.height == height else { return }
        let span = byteSpan(of: rows)
        other.pixels.withUnsafeBytes { source in
            pixels.withUnsafeMutableBytes { destination in
                let count = span.upperBound
                var offset = span.lowerBound
                if composite == .additive {
                    // Sixteen bytes at a time: a saturating add.
                    while offset + 16 <= count {
                        let s = source.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self)
                        let d = destination.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self)
                        let sum = d &+ s
                        destination.storeBytes(of: sum.replacing(with: 255, where: sum .< d), toByteOffset: offset, as: SIMD16<UInt8>.self)
                        offset += 16
                    }
                }
                let s = source.bindMemory(to: UInt32.self), d = destination.bindMemory(to: UInt32.self)
                for index in (offset / 4)..<(count / 4) where s[index] != 0 {
                    d[index] = Self.combine(s[index], over: d[index], composite)
                }
            }
        }
    }

    /// One premultiplied pixel (packed R, G, B, A bytes) combined with another.
    static func combine(_ source: UInt32, over destination: UInt32, _ composite: CompositeOperator) -> UInt32 {
        var result: UInt32 = 0
        let sa = Int(source >> 24), da = Int(destination >> 24)
        for shift in stride(from: 0, through: 24, by: 8) {
            let sc = Int((source >> UInt32(shift)) & 0xFF), dc = Int((destination >> UInt32(shift)) & 0xFF)
            let value: Int
            switch composite {
            case .sourceOver: value = sc + (dc * (255 - sa) + 127) / 255
            case .additive: value = min(255, sc + dc)
            case .screen: value = sc + dc - (sc * dc + 127) / 255
            case .multiply:
                value = shift == 24 ? sc + dc - (sc * dc + 127) / 255
                    : (sc * dc + sc * (255 - da) + dc * (255 - sa) + 127) / 255
            }
            result |= UInt32(min(max(value, 0), 255)) << UInt32(shift)
        }
        return result
    }

    /// Multiplies every channel of every pixel — or of those of `rows` — by `factor` (0…1): how the trail
    /// layer fades frame by frame.
    public mutating func fade(by factor: Double, rows: Range<Int>? = nil) {
        let scale = UInt16((factor.clamped(to: 0...1) * 256).rounded())
        guard scale < 256 else { return }
        let span = byteSpan(of: rows)
        @inline(__always) func scaled(_ value: SIMD8<UInt8>) -> SIMD8<UInt8> {
            SIMD8<UInt8>(truncatingIfNeeded: (SIMD8<UInt16>(truncatingIfNeeded: value) &* scale) &>> 8)
        }
        pixels.withUnsafeMutableBytes { bytes in
            var offset = span.lowerBound
            while offset + 16 <= span.upperBound {
                let value = bytes.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self)
                bytes.storeBytes(of: SIMD16<UInt8>(lowHalf: scaled(value.lowHalf), highHalf: scaled(value.highHalf)),
                                 toByteOffset: offset, as: SIMD16<UInt8>.self)
                offset += 16
            }
            while offset < span.upperBound {
                bytes[offset] = UInt8((UInt16(bytes[offset]) * scale) >> 8)
                offset += 1
            }
        }
    }
}

/// A colour premultiplied by its alpha, each channel 0…1.
public struct PremultipliedColor: Hashable, Sendable {
    public var red, green, blue, alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    /// `color` premultiplied; channels are clamped to 0…1 first, NaN counts as 0.
    public init(_ color: RGBAColor) {
        func unit(_ value: Double) -> Double { value.isNaN ? 0 : value.clamped(to: 0...1) }
        let alpha = unit(color.alpha)
        self.init(red: unit(color.red) * alpha, green: unit(color.green) * alpha, blue: unit(color.blue) * alpha, alpha: alpha)
    }

    public var unpremultiplied: RGBAColor {
        guard alpha > 0 else { return .clear }
        return RGBAColor(red: red / alpha, green: green / alpha, blue: blue / alpha, alpha: alpha)
    }

    /// The colour in bytes 0…255, rounded.
    public var bytes: (UInt8, UInt8, UInt8, UInt8) {
        func byte(_ value: Double) -> UInt8 { UInt8((value.clamped(to: 0...1) * 255).rounded()) }
        return (byte(red), byte(green), byte(blue), byte(alpha))
    }

    /// The colour in bytes, rounded, as one pixel: R, G, B, A in memory order.
    var packed: UInt32 {
        let (r, g, b, a) = bytes
        return UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24
    }
}
