import Geometry
import Raster
import StageOutputs

/// A mapped output's last step, offline (the web client's output pass draws the same): the picture of its
/// slice drawn onto its window through its mesh — the corner-pin's exact perspective or the grid's smooth
/// surface — sampled as the GPU samples a texture (bilinear, clamped to the edges), times its edge feathers'
/// f^(1/gamma) and its brightness; black outside the mesh and inside the mask (even-odd). What lands where is
/// worked out once for the window; each frame is then a lookup and a blend of four pixels.
public struct OutputWarp: Sendable {
    public let width: Int
    public let height: Int
    /// The slice's picture's size, as `StageOutput.sliceTargetSize` gives it.
    public let source: (width: Int, height: Int)
    /// Per window pixel: where in the slice's picture it samples (in its pixels, centres at +0.5) and the
    /// factor it is multiplied by (0: black).
    private let samples: [SIMD3<Float>]

    /// The warp of `output` onto a window of `width × height` pixels, its slice drawn at `source` pixels.
    public init(_ output: StageOutput, width: Int, height: Int, source: (width: Int, height: Int)) {
        self.width = width
        self.height = height
        self.source = source
        var samples = [SIMD3<Float>](repeating: .zero, count: width * height)
        let mesh = OutputMesh(output)
        for first in stride(from: 0, to: mesh.triangles.count, by: 3) {
            let corners = (0..<3).map { mesh.triangles[first + $0] }
            Self.cover(corners, of: mesh, width: width, height: height) { pixel, slicePoint in
                samples[pixel] = SIMD3(
                    Float(slicePoint.x * Double(source.width) - 0.5), Float(slicePoint.y * Double(source.height) - 0.5),
                    Float(BlendCurve.value(atSliceX: slicePoint.x, y: slicePoint.y, of: output.blend) * output.brightness))
            }
        }
        if let mask = output.mask {
            for y in 0..<height {
                for x in 0..<width where Self.isInside((Double(x) + 0.5) / Double(width), (Double(y) + 0.5) / Double(height), mask) {
                    samples[y * width + x].z = 0
                }
            }
        }
        self.samples = samples
    }

    /// Calls `visit` with each window pixel whose centre the triangle covers and the slice point it shows
    /// there: the vertices' (U, V, Q) interpolated across the window, then divided, as the GPU does.
    private static func cover(
        _ vertices: [Int], of mesh: OutputMesh, width: Int, height: Int, visit: (Int, OutputPoint) -> Void
    ) {
        let p = vertices.map { OutputPoint(mesh.positions[$0].x * Double(width), mesh.positions[$0].y * Double(height)) }
        let q = vertices.map { mesh.slicePoints[$0] }
        let area = (p[1].x - p[0].x) * (p[2].y - p[0].y) - (p[2].x - p[0].x) * (p[1].y - p[0].y)
        guard area != 0, area.isFinite else { return }
        let left = max(0, Int((p.map(\.x).min()! - 0.5).rounded(.up))), right = min(width - 1, Int((p.map(\.x).max()! - 0.5).rounded(.down)))
        let top = max(0, Int((p.map(\.y).min()! - 0.5).rounded(.up))), bottom = min(height - 1, Int((p.map(\.y).max()! - 0.5).rounded(.down)))
        guard left <= right, top <= bottom else { return }
        for y in top...bottom {
            let cy = Double(y) + 0.5
            for x in left...right {
                let cx = Double(x) + 0.5
                let wb = ((cx - p[0].x) * (p[2].y - p[0].y) - (p[2].x - p[0].x) * (cy - p[0].y)) / area
                let wc = ((p[1].x - p[0].x) * (cy - p[0].y) - (cx - p[0].x) * (p[1].y - p[0].y)) / area
                let wa = 1 - wb - wc
                guard wa >= -1e-9, wb >= -1e-9, wc >= -1e-9 else { continue }
                let uvq = wa * q[0] + wb * q[1] + wc * q[2]
                guard uvq.z != 0 else { continue }
                visit(y * width + x, OutputPoint(uvq.x / uvq.z, uvq.y / uvq.z))
            }
        }
    }

    /// Whether the window point (x, y) lies inside `polygon`, by the even-odd rule.
    static func isInside(_ x: Double, _ y: Double, _ polygon: [OutputPoint]) -> Bool {
        var inside = false
        var previous = polygon[polygon.count - 1]
        for point in polygon {
            if (point.y > y) != (previous.y > y), x < (previous.x - point.x) * (y - point.y) / (previous.y - point.y) + point.x {
                inside.toggle()
            }
            previous = point
        }
        return inside
    }

    /// The window's picture of `slice` (a picture of `source`'s size): opaque, black where nothing lands.
    public func warp(_ slice: Bitmap) -> Bitmap {
        var window = Bitmap(width: width, height: height, color: RGBAColor(red: 0, green: 0, blue: 0, alpha: 1))
        guard slice.width == source.width, slice.height == source.height, slice.width > 0, slice.height > 0 else { return window }
        slice.pixels.withUnsafeBufferPointer { from in
            window.pixels.withUnsafeMutableBufferPointer { to in
                for (index, sample) in samples.enumerated() where sample.z > 0 {
                    let colour = Self.bilinear(from, width: slice.width, height: slice.height, at: sample.x, sample.y) * sample.z
                    let bytes = SIMD3<UInt8>(clamping: (colour * 255).rounded(.toNearestOrEven).toIntegers())
                    to[index * 4] = bytes.x
                    to[index * 4 + 1] = bytes.y
                    to[index * 4 + 2] = bytes.z
                }
            }
        }
        return window
    }

    /// The colour (0…1 a channel) at (x, y) in pixel coordinates (centres at whole numbers here), blended from
    /// the four nearest pixels, the edges clamped.
    private static func bilinear(_ pixels: UnsafeBufferPointer<UInt8>, width: Int, height: Int, at x: Float, _ y: Float) -> SIMD3<Float> {
        let x0f = x.rounded(.down), y0f = y.rounded(.down)
        let fx = x - x0f, fy = y - y0f
        let x0 = min(max(Int(x0f), 0), width - 1), x1 = min(max(Int(x0f) + 1, 0), width - 1)
        let y0 = min(max(Int(y0f), 0), height - 1), y1 = min(max(Int(y0f) + 1, 0), height - 1)
        func at(_ px: Int, _ py: Int) -> SIMD3<Float> {
            let i = (py * width + px) * 4
            return SIMD3(Float(pixels[i]), Float(pixels[i + 1]), Float(pixels[i + 2])) / 255
        }
        let top = at(x0, y0) * (1 - fx) + at(x1, y0) * fx
        let bottom = at(x0, y1) * (1 - fx) + at(x1, y1) * fx
        return top * (1 - fy) + bottom * fy
    }
}

private extension SIMD3 where Scalar == Float {
    func toIntegers() -> SIMD3<Int32> { SIMD3<Int32>(Int32(x), Int32(y), Int32(z)) }
}

extension StageOutput {
    /// From canvas coordinates (canvas heights; the stage 16/9 wide) to the pixels of a `width × height`
    /// picture of the slice: the slice's height fills the picture's, scaled alike both ways.
    public func slicePlacement(width: Int, height: Int) -> AffineTransform {
        let scale = Double(height) / slice.height
        return AffineTransform.scale(x: scale, y: scale)
            .concatenating(.translation(x: -slice.x * 16 / 9 * scale, y: -slice.y * scale))
    }
}
