import Foundation
import Geometry

/// Whether two numbers agree within an absolute tolerance.
public func approximately(_ a: Double, _ b: Double, within tolerance: Double = 1e-9) -> Bool {
    abs(a - b) <= tolerance
}

/// Whether two points agree within an absolute tolerance in each coordinate.
public func approximately(_ a: Point, _ b: Point, within tolerance: Double = 1e-9) -> Bool {
    approximately(a.x, b.x, within: tolerance) && approximately(a.y, b.y, within: tolerance)
}

/// Whether two hues (0…1, wrapping) agree within a tolerance, going the short way round the wheel.
public func approximatelySameHue(_ a: Double, _ b: Double, within tolerance: Double = 1e-9) -> Bool {
    let difference = abs(a - b).truncatingRemainder(dividingBy: 1)
    return min(difference, 1 - difference) <= tolerance
}
