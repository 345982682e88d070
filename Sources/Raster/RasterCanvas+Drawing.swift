import Geometry

extension RasterCanvas {
    /// Draws a painted path as a picture describes it: filled (non-zero), or stroked with butt caps and
    /// miter joins at the given width.
    public mutating func draw(_ path: Path, paint: Paint, mode: DrawingMode, composite: CompositeOperator = .sourceOver) {
        switch mode {
        case .fill: fill(path, paint: paint, composite: composite)
        case .stroke(let width): stroke(path, style: StrokeStyle(width: width), paint: paint, composite: composite)
        }
    }
}
