import Foundation

/// Anything that can trace its outline in a rectangle: every form a lumi takes, and the prism drawing.
public protocol Shape: Sendable {
    func path(in rect: Rect) -> Path
}

extension Rect {
    /// The point at `angle` radians on the ellipse inscribed in the rectangle, scaled by `radius` (1 = on
    /// the ellipse). Angle 0 is the right, −π/2 the top.
    func pointOnInscribedEllipse(angle: Double, radius: Double = 1) -> Point {
        Point(x: midX + radius * width / 2 * cos(angle), y: midY + radius * height / 2 * sin(angle))
    }
}
