import Geometry

/// A varied set of paths for property tests: every shape of the catalogue in a few rectangles, plus
/// hand-made paths with every kind of segment, open and closed.
public enum SamplePaths {
    public static let all: [Path] = {
        let rects = [Rect(x: 0, y: 0, width: 1, height: 1), Rect(x: -3, y: 2, width: 40, height: 12), .unitCentered]
        let shapes: [any Shape] = [
            Ellipse(), Circle(), RegularPolygon(sides: 3), RegularPolygon(sides: 7), Star(points: 5, innerRadius: 0.4),
            Ring(innerRadius: 0.6), LineShape(), Rose(petals: 3), Rose(petals: 4), Prism(),
        ]
        var paths = rects.flatMap { rect in shapes.map { $0.path(in: rect) } }
        paths.append(Path {
            $0.move(to: Point(x: 0, y: 0))
            $0.addQuadCurve(to: Point(x: 10, y: 0), control: Point(x: 5, y: 8))
            $0.addCurve(to: Point(x: 20, y: 5), control1: Point(x: 12, y: -6), control2: Point(x: 18, y: 12))
            $0.addLine(to: Point(x: 25, y: 5))
        })
        paths.append(Path {
            $0.addArc(center: Point(x: 3, y: 3), radius: 2, startAngle: 0.3, endAngle: 4)
            $0.closeSubpath()
            $0.addRect(Rect(x: 10, y: 10, width: 3, height: 5))
        })
        return paths
    }()
}
