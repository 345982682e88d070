import ImagerCommandLine
import Export
import Foundation
import Geometry
import Instrument
import Raster
import SceneRendering

/// A frame's lumis as a list of shapes — each a form's path, where it is placed, its colour, blend and
/// stroke — drawn the same by us and by the peers: bench/raster_peers.py reads them as JSON
/// (`imager-bench raster --drawings FOLDER`). The trail layer and the panes are left out: the peers are
/// given the shapes alone, and so are we.
struct BenchDrawing {
    struct Shape {
        var path: Int
        var transform: Geometry.AffineTransform
        var color: RGBAColor
        var blend: BlendMode
        /// The outline's width in the path's units (round joins); 0 fills it.
        var strokeWidth: Double
    }

    let width: Int, height: Int
    let background: RGBAColor
    /// The paths the shapes use, each once.
    let paths: [Path]
    let shapes: [Shape]

    /// The lumis of `scene`, placed on a `width × height` frame as `SceneRenderer` places them.
    init(scene: Scene, width: Int, height: Int) {
        self.width = width
        self.height = height
        background = scene.background
        let placement = SceneRenderer(width: width, height: height, framesInFlight: 1).canvasToPixels
        var paths: [Path] = [], pathIndex: [Int32: Int] = [:]
        shapes = scene.instances.filter { $0.layer == .lumis }.map { instance in
            let index = pathIndex[instance.form] ?? paths.count
            if index == paths.count {
                paths.append(scene.forms[Int(instance.form)].unitPath)
                pathIndex[instance.form] = index
            }
            return Shape(
                path: index, transform: instance.transform.concatenating(placement), color: instance.color,
                blend: instance.blend, strokeWidth: Double(instance.strokeWidth))
        }
        self.paths = paths
    }

    /// The shapes drawn over the background, as the scene renderer draws a lumi.
    func draw() -> Bitmap {
        var canvas = RasterCanvas(width: width, height: height, background: RGBAColor(red: background.red, green: background.green, blue: background.blue))
        for shape in shapes {
            canvas.transform = shape.transform
            let composite = CompositeOperator(shape.blend)
            if shape.strokeWidth > 0 {
                canvas.stroke(
                    paths[shape.path], style: StrokeStyle(width: shape.strokeWidth, join: .round), paint: .solid(shape.color),
                    composite: composite)
            } else {
                canvas.fill(paths[shape.path], paint: .solid(shape.color), composite: composite)
            }
        }
        return canvas.bitmap
    }

    /// The drawing as bench/raster_peers.py reads it.
    var json: [String: Any] {
        [
            "width": width, "height": height,
            "background": [background.red, background.green, background.blue],
            "paths": paths.map { path in path.elements.map(Self.json) },
            "shapes": shapes.map { shape -> [String: Any] in
                let t = shape.transform
                return [
                    "path": shape.path, "matrix": [t.a, t.b, t.c, t.d, t.tx, t.ty],
                    "color": [shape.color.red, shape.color.green, shape.color.blue, shape.color.alpha],
                    "blend": shape.blend.rawValue, "stroke": shape.strokeWidth,
                ]
            },
        ]
    }

    private static func json(_ element: Path.Element) -> [Any] {
        switch element {
        case .move(let p): ["M", p.x, p.y]
        case .line(let p): ["L", p.x, p.y]
        case .quadCurve(let p, let c): ["Q", c.x, c.y, p.x, p.y]
        case .curve(let p, let c1, let c2): ["C", c1.x, c1.y, c2.x, c2.y, p.x, p.y]
        case .closeSubpath: ["Z"]
        }
    }
}

/// The drawings the raster benchmark times beside its peers.
enum BenchDrawings {
    static let width = 1920, height = 1080

    /// The lumis' own shapes: from each factory chordset's 3-second demo, the frame with the most lumis.
    static func lumis() throws -> [BenchDrawing] {
        try FactoryChordsets.all.map { chordset in
            let frames = PerformanceFrames(log: try DemoPerformance.log(playing: chordset, for: 3), width: 1, height: 1, fps: 60)
            let busiest = stride(from: 0, through: 180, by: 6).map(frames.scene).max { lumiCount($0) < lumiCount($1) }!
            return BenchDrawing(scene: busiest, width: width, height: height)
        }
    }

    /// A busy passage's frames: the full stage (Tests/fixtures/full-stage: 30 pad presses and 30 taps in 3.3 s,
    /// Lumia) every quarter of a second from 0.5 s to 3.5 s.
    static func busy(passage path: String) throws -> [BenchDrawing] {
        let log = try JSONDecoder().decode(PerformanceLog.self, from: try Data(contentsOf: URL(fileURLWithPath: path)))
        let frames = PerformanceFrames(log: log, width: 1, height: 1, fps: 4)
        return (2...14).map { BenchDrawing(scene: frames.scene($0), width: width, height: height) }
    }

    private static func lumiCount(_ scene: Scene) -> Int {
        scene.instances.lazy.filter { $0.layer == .lumis }.count
    }

    /// Writes `drawings` to `folder/name.json` for bench/raster_peers.py.
    static func write(_ drawings: [BenchDrawing], named name: String, into folder: String) throws {
        let data = try JSONSerialization.data(withJSONObject: drawings.map(\.json))
        try data.write(to: URL(fileURLWithPath: folder).appendingPathComponent("\(name).json"))
    }
}
