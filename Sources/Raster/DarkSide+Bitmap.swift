import Geometry

extension DarkSide {
    /// The drawing at `progress` (0 nothing drawn, 1 the whole cover), on its background, in a square of
    /// `side` pixels.
    public func bitmap(side: Int, progress: Double) -> Bitmap {
        var canvas = RasterCanvas(width: side, height: side, background: background)
        for element in elements(in: Rect(x: 0, y: 0, width: Double(side), height: Double(side)), progress: progress) {
            canvas.draw(element.path, paint: element.paint, mode: element.mode)
        }
        return canvas.bitmap
    }
}
