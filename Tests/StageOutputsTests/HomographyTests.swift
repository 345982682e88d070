import StageOutputs
import Testing

/// The corner-pin's homography and the blend curve: exact where they can be worked out by hand.
@Suite struct HomographyTests {
    private func close(_ a: OutputPoint?, _ b: OutputPoint, within tolerance: Double = 1e-9) -> Bool {
        guard let a else { return false }
        return abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
    }

    @Test func theUnitSquaresCornersGoToTheQuadsAndTheInverseBringsThemBack() throws {
        let quads: [[OutputPoint]] = [
            StageOutput.unitCorners,
            [OutputPoint(0.1, 0.2), OutputPoint(0.9, 0.1), OutputPoint(0.8, 0.95), OutputPoint(0.2, 0.7)],
            [OutputPoint(0.25, 0.25), OutputPoint(0.75, 0.25), OutputPoint(1, 1), OutputPoint(0, 1)],  // a keystone
        ]
        for quad in quads {
            let pin = try #require(Homography(unitSquareTo: quad))
            let back = try #require(pin.inverse)
            for (corner, target) in zip(StageOutput.unitCorners, quad) {
                #expect(close(pin.apply(corner), target))
                #expect(close(back.apply(target), corner))
            }
            for point in [OutputPoint(0.5, 0.5), OutputPoint(0.1, 0.9), OutputPoint(0.33, 0.12)] {
                #expect(close(back.apply(try #require(pin.apply(point))), point))
            }
        }
        // An affine quad (a parallelogram) keeps straight lines' midpoints: the square's middle at its middle.
        let shifted = try #require(Homography(unitSquareTo: [OutputPoint(0.2, 0), OutputPoint(1, 0), OutputPoint(0.8, 1), OutputPoint(0, 1)]))
        #expect(close(shifted.apply(OutputPoint(0.5, 0.5)), OutputPoint(0.5, 0.5)))
        // A keystone's middle is not its quad's centroid: perspective moves it towards the far (narrow) edge.
        let keystone = try #require(Homography(unitSquareTo: quads[2]))
        #expect(try #require(keystone.apply(OutputPoint(0.5, 0.5))).y < 0.625)
        #expect(Homography(unitSquareTo: [OutputPoint(0, 0), OutputPoint(0.5, 0), OutputPoint(1, 0), OutputPoint(0, 1)]) != nil)
        #expect(Homography(unitSquareTo: [OutputPoint(0, 0), OutputPoint(0, 0), OutputPoint(0, 0), OutputPoint(0, 0)]) == nil)
    }

    @Test func twoFeathersAddToFullLightAndTheValueWrittenIsShapedForTheGamma() {
        for step in 0...100 {
            let t = Double(step) / 100
            #expect(abs(BlendCurve.light(at: t) + BlendCurve.light(at: 1 - t) - 1) < 1e-12)
        }
        #expect(BlendCurve.light(at: 0) == 0 && BlendCurve.light(at: 1) == 1 && BlendCurve.light(at: -3) == 0)
        let blend = OutputBlend(right: 0.2, gamma: 2)
        #expect(BlendCurve.value(atSliceX: 0.5, y: 0.5, of: blend) == 1)
        // Halfway across the right feather: light ½, written √½ for a projector of gamma 2.
        #expect(abs(BlendCurve.light(atSliceX: 0.9, y: 0.5, of: blend) - 0.5) < 1e-12)
        #expect(abs(BlendCurve.value(atSliceX: 0.9, y: 0.5, of: blend) - 0.5.squareRoot()) < 1e-12)
        #expect(BlendCurve.value(atSliceX: 1, y: 0.5, of: blend) == 0)
    }

    @Test func aGridsMeshIsTheOneTheCanvasDrawsThrough() {
        // The same grid given to the web client's gridMesh (view/output-mesh.js) gave these vertices (float32).
        let points = [(0.1, 0.1), (0.5, 0.05), (0.9, 0.1), (0.05, 0.5), (0.5, 0.55), (0.95, 0.5), (0.1, 0.9), (0.5, 0.95), (0.9, 0.9)]
        var output = StageOutput(name: "Dome")
        output.grid = OutputGrid(columns: 3, rows: 3, points: points.map { OutputPoint($0.0, $0.1) })
        let mesh = OutputMesh(output)
        #expect(mesh.positions.count == 289 && mesh.triangles.count == 1536)
        let fromTheBrowser: [(Int, Double, Double, Double, Double)] = [
            (0, 0.1, 0.1, 0, 0), (5, 0.35, 0.06142578274011612, 0.3125, 0), (44, 0.603710949420929, 0.17982177436351776, 0.625, 0.125),
            (100, 0.8837524652481079, 0.3527490496635437, 0.9375, 0.3125), (288, 0.9, 0.9, 1, 1),
        ]
        for (vertex, x, y, u, v) in fromTheBrowser {
            #expect(close(mesh.positions[vertex], OutputPoint(x, y), within: 1e-6), "\(vertex)")
            #expect(mesh.slicePoints[vertex] == SIMD3(u, v, 1))
        }
    }
}
