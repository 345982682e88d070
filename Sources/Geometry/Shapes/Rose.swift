import Foundation

/// A rose (rhodonea) curve of `petals` petals filling the rectangle's ellipse: r = cos(k·θ), with k = petals
/// for an odd count (traced over half a turn) and k = petals / 2 for an even one (traced over a whole turn).
public struct Rose: Shape, Hashable {
    public var petals: Int
    /// Points sampled per petal; the curve is smooth to the eye from 24 on.
    public var samplesPerPetal: Int

    public init(petals: Int, samplesPerPetal: Int = 32) {
        self.petals = min(max(1, petals), 64)
        self.samplesPerPetal = min(max(8, samplesPerPetal), 512)
    }

    public func path(in rect: Rect) -> Path {
        let odd = !petals.isMultiple(of: 2)
        let k = odd ? Double(petals) : Double(petals) / 2
        let sweep = odd ? Double.pi : 2 * .pi
        let count = petals * samplesPerPetal
        let points = (0..<count).map { sample -> Point in
            let theta = sweep * Double(sample) / Double(count)
            return rect.pointOnInscribedEllipse(angle: theta - .pi / 2, radius: cos(k * theta))
        }
        return Path { $0.addLines(points, close: true) }
    }
}
