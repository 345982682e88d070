import Geometry
import Raster
import Testing
import TestSupport

/// A fill recorded and painted again with another colour paints what filling the path with that colour
/// paints, byte for byte — the lumis' shortcut when they are painted over their trail stamps' coverage.
@Suite("Coverage recorded and painted again")
struct CoverageRecordingTests {
    /// Seeded random fills over canvases narrow and wide (blocks of 64 and of 8 cells), shapes small and
    /// larger than a chunk of rows, self-intersecting outlines, strokes, clips on whole pixels, a band of a
    /// larger picture, painted over and added, translucent and opaque.
    @Test(arguments: [(300, 200, 0), (700, 150, 0), (640, 64, 90)])
    func aReplayPaintsWhatAFillWithItsColourPaints(width: Int, height: Int, rowOffset: Int) throws {
        var random = SeededGenerator(seed: UInt64(width + rowOffset))
        var canvas = RasterCanvas(width: width, height: height, background: Self.color(&random, alpha: 1))
        canvas.rowOffset = rowOffset
        for round in 0..<60 {
            canvas.clip = Bool.random(using: &random) ? nil : Rect(
                x: Double(Int.random(in: -10...width / 2, using: &random)), y: Double(rowOffset + Int.random(in: -10...height / 2, using: &random)),
                width: Double(Int.random(in: 1...width, using: &random)), height: Double(Int.random(in: 1...height, using: &random)))
            let placed = try #require(Self.shape(&random, on: canvas, width: width, height: height))
            let composite: CompositeOperator = Bool.random(using: &random) ? .sourceOver : .additive
            let first = Paint.solid(Self.color(&random, alpha: .random(in: 0.05...1, using: &random)))
            let second = Paint.solid(Self.color(&random, alpha: round % 5 == 0 ? 1 : .random(in: 0.05...1, using: &random)))

            var recording = CoverageRecording()
            var recorded = canvas, filled = canvas, replayed = canvas, expected = canvas
            // Another fill recorded first, so the one replayed is not at the recording's start.
            _ = recorded.fill(placed, paint: second, composite: composite, recordingInto: &recording)
            recorded = canvas
            let entry = try #require(recorded.fill(placed, paint: first, composite: composite, recordingInto: &recording))
            filled.fill(placed, paint: first, composite: composite)
            // (Bitmaps compared as one Bool: a failure names the round, not the megabyte of pixels.)
            let unchanged = recorded.bitmap == filled.bitmap
            #expect(unchanged, "round \(round): recording changed what the fill painted")
            let painted = replayed.replay(entry, of: recording, paint: second, composite: composite)
            #expect(painted)
            expected.fill(placed, paint: second, composite: composite)
            let same = replayed.bitmap == expected.bitmap
            #expect(same, "round \(round): \(composite), \(width)×\(height) from row \(rowOffset)")
            if !same || !unchanged { return }
            canvas = expected
        }
    }

    @Test func whatCannotBeRecordedIsFilledAllTheSameAndWhatCannotBeReplayedPaintsNothing() throws {
        let canvas = RasterCanvas(width: 64, height: 48, background: RGBAColor(red: 0.2, green: 0.1, blue: 0.3))
        let placed = try #require(canvas.place(Path { $0.addEllipse(in: Rect(x: 5.5, y: 4.25, width: 40, height: 30)) }))
        let gradient = Paint.linearGradient(start: Point(x: 0, y: 0), end: Point(x: 64, y: 0), stops: [
            .init(offset: 0, color: .white), .init(offset: 1, color: RGBAColor(red: 1, green: 0, blue: 0, alpha: 0.5)),
        ])
        let red = Paint.solid(RGBAColor(red: 1, green: 0, blue: 0, alpha: 0.7))
        var recording = CoverageRecording()
        // A gradient, a blend other than over or add, a clip off whole pixels: not recorded, but filled.
        for (paint, composite, clip) in [
            (gradient, CompositeOperator.sourceOver, nil), (red, .screen, nil), (red, .multiply, nil),
            (red, .sourceOver, Rect(x: 10.5, y: 0, width: 30, height: 48)),
        ] as [(Paint, CompositeOperator, Rect?)] {
            var recorded = canvas, filled = canvas
            recorded.clip = clip
            filled.clip = clip
            let entry = recorded.fill(placed, paint: paint, composite: composite, recordingInto: &recording)
            #expect(entry == nil)
            filled.fill(placed, paint: paint, composite: composite)
            let filledAlike = recorded.bitmap == filled.bitmap && recorded.bitmap != canvas.bitmap
            #expect(filledAlike, "\(composite)")
        }
        var recorder = canvas
        let entry = try #require(recorder.fill(placed, paint: red, recordingInto: &recording))
        // Painted again with a gradient or a blend it cannot, or on a canvas of another size or rows: nothing.
        var other = canvas
        let refusals = [
            other.replay(entry, of: recording, paint: gradient), other.replay(entry, of: recording, paint: red, composite: .screen),
        ]
        #expect(refusals == [false, false])
        let untouched = other.bitmap == canvas.bitmap
        #expect(untouched)
        var smaller = RasterCanvas(width: 63, height: 48)
        var band = canvas
        band.rowOffset = 2
        let elsewhere = [smaller.replay(entry, of: recording, paint: red), band.replay(entry, of: recording, paint: red)]
        #expect(elsewhere == [false, false])
        let bothUntouched = smaller.bitmap == RasterCanvas(width: 63, height: 48).bitmap && band.bitmap == canvas.bitmap
        #expect(bothUntouched)
        // Forgotten: the entry's words are gone, and it paints nothing.
        recording.removeAll()
        let forgotten = other.replay(entry, of: recording, paint: red)
        #expect(!forgotten)
    }

    /// An entry kept after its recording was emptied and filled again by a fill on a far larger canvas reads
    /// those words instead: they reach outside its own small bitmap, and it is refused, painting nothing.
    @Test func aStaleEntryNeverPaintsOutsideTheBitmap() throws {
        var small = RasterCanvas(width: 16, height: 16)
        var recording = CoverageRecording()
        let dot = try #require(small.place(Path { $0.addEllipse(in: Rect(x: 2, y: 2, width: 12, height: 12)) }))
        let entry = try #require(small.fill(dot, paint: .solid(.white), recordingInto: &recording))
        recording.removeAll()
        var large = RasterCanvas(width: 800, height: 600)
        let field = try #require(large.place(Path { $0.addEllipse(in: Rect(x: 10.5, y: 10.5, width: 780, height: 580)) }))
        for _ in 0..<3 { _ = large.fill(field, paint: .solid(.white), composite: .additive, recordingInto: &recording) }
        var again = RasterCanvas(width: 16, height: 16)
        let painted = again.replay(entry, of: recording, paint: .solid(RGBAColor(red: 1, green: 0, blue: 0)))
        let untouched = again.bitmap == RasterCanvas(width: 16, height: 16).bitmap
        #expect(!painted && untouched)
    }

    /// A random shape over the canvas's rows: a polygon (often crossing itself), an ellipse, or a stroke,
    /// small or as large as the canvas.
    static func shape(_ random: inout SeededGenerator, on canvas: RasterCanvas, width: Int, height: Int) -> PlacedPath? {
        let top = Double(canvas.rowOffset), size = Double.random(in: 0.02...1.3, using: &random)
        func point() -> Point {
            Point(x: .random(in: -0.1...1.1, using: &random) * Double(width),
                  y: top + .random(in: -0.1...1.1, using: &random) * Double(height))
        }
        switch Int.random(in: 0..<3, using: &random) {
        case 0:
            let points = (0..<Int.random(in: 3...12, using: &random)).map { _ in point() }
            let centre = points[0]
            return canvas.place(Path { path in
                path.addLines(points.map { Point(x: centre.x + ($0.x - centre.x) * size, y: centre.y + ($0.y - centre.y) * size) }, close: true)
            })
        case 1:
            let centre = point()
            let w = size * Double(width), h = size * Double(height) * .random(in: 0.3...1.5, using: &random)
            return canvas.place(Path { $0.addEllipse(in: Rect(x: centre.x - w / 2, y: centre.y - h / 2, width: w, height: h)) })
        default:
            let from = point(), to = point()
            return canvas.place(
                stroking: Path { $0.move(to: from); $0.addCurve(to: to, control1: point(), control2: point()) },
                style: StrokeStyle(width: .random(in: 0.5...30, using: &random)))
        }
    }

    static func color(_ random: inout SeededGenerator, alpha: Double) -> RGBAColor {
        RGBAColor(red: .random(in: 0...1, using: &random), green: .random(in: 0...1, using: &random),
                  blue: .random(in: 0...1, using: &random), alpha: alpha)
    }
}
