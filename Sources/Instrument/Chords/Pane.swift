import Geometry

/// A region of the canvas that a chord's background colour lights, in canvas fractions (0…1 across and
/// down).
public struct Pane: Hashable, Sendable, Codable {
    public var frame: Rect

    public init(frame: Rect) {
        self.frame = frame
    }

    public static let whole = Pane(frame: Rect(x: 0, y: 0, width: 1, height: 1))
    public static let leftHalf = Pane(frame: Rect(x: 0, y: 0, width: 0.5, height: 1))
    public static let rightHalf = Pane(frame: Rect(x: 0.5, y: 0, width: 0.5, height: 1))
    public static let topHalf = Pane(frame: Rect(x: 0, y: 0, width: 1, height: 0.5))
    public static let bottomHalf = Pane(frame: Rect(x: 0, y: 0.5, width: 1, height: 0.5))
    public static let center = Pane(frame: Rect(x: 0.25, y: 0.25, width: 0.5, height: 0.5))

    /// One of `count` equal vertical strips, numbered from the left.
    public static func column(_ index: Int, of count: Int) -> Pane {
        let width = 1 / Double(max(count, 1))
        return Pane(frame: Rect(x: Double(index) * width, y: 0, width: width, height: 1))
    }

    public func validate() throws(InstrumentError) {
        for (name, value) in [("x", frame.minX), ("y", frame.minY), ("width", frame.width), ("height", frame.height)] {
            _ = try value.checked("pane \(name)", in: 0...1)
        }
        guard frame.maxX <= 1 + 1e-9, frame.maxY <= 1 + 1e-9 else { throw .invalid("a pane must lie inside the canvas") }
    }
}
