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
}
