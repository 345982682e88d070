import Geometry

/// The canvas's coordinate space: 16:9, one canvas height tall. Lumi sizes, speeds and distances are in
/// canvas heights; the console and OSC speak in fractions (0…1 across and down), converted here.
public enum Canvas {
    /// Width over height (seed 000 lays the canvas out at 16:9).
    public static let aspect = 16.0 / 9.0

    /// The canvas in its own coordinates: (0, 0) top left to (aspect, 1) bottom right.
    public static let bounds = Rect(x: 0, y: 0, width: aspect, height: 1)

    /// The canvas point at fractions (0…1 across, 0…1 down).
    @inline(__always)
    public static func point(atFraction fraction: Point) -> Point {
        Point(x: fraction.x * aspect, y: fraction.y)
    }

    /// A rectangle given in fractions of the canvas, in canvas coordinates.
    public static func rect(atFraction fraction: Rect) -> Rect {
        Rect(x: fraction.minX * aspect, y: fraction.minY, width: fraction.width * aspect, height: fraction.height)
    }
}
