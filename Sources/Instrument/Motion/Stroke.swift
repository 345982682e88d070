import Geometry

/// A line drawn by the performer's finger or mouse, in canvas coordinates, that lumis can follow.
/// Holds its cumulative lengths, so the point at any distance along it is found by binary search.
public struct Stroke: Hashable, Sendable {
    /// The most points a stroke keeps; a longer gesture is refused by the protocol.
    public static let maximumPoints = 4096

    public let points: [Point]
    private let distances: [Double]

    /// A stroke through `points` (at least one, at most `maximumPoints`, all finite).
    public init(points: [Point]) throws(InstrumentError) {
        guard !points.isEmpty else { throw .invalid("a stroke needs at least one point") }
        guard points.count <= Self.maximumPoints else {
            throw .invalid("a stroke has \(points.count) points; at most \(Self.maximumPoints) are kept")
        }
        guard points.allSatisfy(\.isFinite) else { throw .notFinite("stroke point") }
        self.points = points
        var distances = [0.0]
        distances.reserveCapacity(points.count)
        for index in points.indices.dropFirst() {
            distances.append(distances[index - 1] + points[index - 1].distance(to: points[index]))
        }
        self.distances = distances
    }

    /// The length along the stroke.
    public var length: Double { distances.last ?? 0 }

    /// The point `distance` along the stroke, going back and forth along it (ping-pong) past its ends.
    public func point(atDistance distance: Double) -> Point {
        let total = length
        guard total > 0, distance.isFinite else { return points[0] }
        let travel = (distance / (2 * total)).wrappedUnit * 2 * total
        let along = travel <= total ? travel : 2 * total - travel
        var low = 0, high = distances.count - 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if distances[middle] <= along { low = middle } else { high = middle }
        }
        let span = distances[high] - distances[low]
        let fraction = span > 0 ? (along - distances[low]) / span : 0
        return points[low].interpolated(to: points[high], fraction: fraction)
    }
}

extension Stroke: Codable {
    public init(from decoder: any Decoder) throws {
        try self.init(points: try decoder.singleValueContainer().decode([Point].self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(points)
    }
}
