import Geometry
import Instrument

/// A form as a canvas receives it once, before the first frame that uses it: its outline flattened to
/// polygons in the unit square centred on the origin, fine enough for any screen.
struct FormGeometry: Encodable {
    /// How far the polygons may stray from the curves, in the form's unit size: a form a whole canvas
    /// height tall on a 4K screen is off by at most a pixel.
    static let tolerance = 0.0004

    struct Contour: Encodable {
        let closed: Bool
        /// x0, y0, x1, y1, …
        let points: [Double]
    }

    let index: Int
    let form: Form
    let strokeOnly: Bool
    let contours: [Contour]

    init(index: Int, form: Form) {
        self.index = index
        self.form = form
        strokeOnly = form.isStrokeOnly
        contours = form.unitPath.flattened(tolerance: Self.tolerance).map { polyline in
            Contour(closed: polyline.isClosed, points: polyline.points.flatMap { [Self.rounded($0.x), Self.rounded($0.y)] })
        }
    }

    /// Five decimals: a hundredth of the tolerance, and short JSON.
    private static func rounded(_ value: Double) -> Double { (value * 100_000).rounded() / 100_000 }
}
