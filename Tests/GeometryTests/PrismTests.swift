import Foundation
import Geometry
import Testing
import TestSupport

/// The numbers of seed 004, worked out by hand for a 300 × 300 square.
@Suite("The prism drawing")
struct PrismTests {
    let square = Rect(x: 0, y: 0, width: 300, height: 300)
    let height = 100 * (3.0).squareRoot() / 2  // 86.6025…

    @Test func prismIsAnEquilateralTriangleOfAThirdOfTheWidthCentred() {
        let prism = PrismPoints(in: square)
        let bottom = (300 + height) / 2
        #expect(approximately(prism.bottomLeft, Point(x: 100, y: bottom), within: 1e-9))
        #expect(approximately(prism.bottomRight, Point(x: 200, y: bottom), within: 1e-9))
        #expect(approximately(prism.top, Point(x: 150, y: bottom - height), within: 1e-9))
        #expect(approximately(prism.top.distance(to: prism.bottomLeft), 100, within: 1e-9))
        #expect(approximately(prism.top.distance(to: prism.bottomRight), 100, within: 1e-9))
    }

    @Test func beamRunsFromTheLeftEdgeToThePrismFractionOfTheLeftSide() {
        let points = Beam(parameters: .cover).path(in: square).flattened(tolerance: 0.01)[0].points
        let top = PrismPoints(in: square).top
        #expect(points.count == 2)
        #expect(approximately(points[0], Point(x: 0, y: 165), within: 1e-9))  // 0.55 of 300
        #expect(approximately(points[1], Point(x: top.x - 20, y: top.y + 0.4 * height), within: 1e-9))
    }

    @Test func dispersionSpreadsFromTheEntryPointToTheRightSide() {
        let points = Dispersion(parameters: .cover).path(in: square).flattened(tolerance: 0.01)[0].points
        let prism = PrismPoints(in: square)
        #expect(approximately(points[0], prism.onLeftSide(0.4), within: 1e-9))
        #expect(approximately(points[1], prism.onRightSide(0.3), within: 1e-9))
        #expect(approximately(points[2], prism.onRightSide(0.5), within: 1e-9))
    }

    @Test(arguments: 0..<6)
    func rainbowSlicesDivideBothEndsEqually(index: Int) {
        let points = RainbowSlice(parameters: .cover, index: index).path(in: square).flattened(tolerance: 0.01)[0].points
        let prism = PrismPoints(in: square)
        let step = 0.2 / 6, edgeStep = 0.15 / 6
        #expect(approximately(points[0], prism.onRightSide(0.3 + Double(index) * step), within: 1e-9))
        #expect(approximately(points[1], Point(x: 300, y: 300 * (0.475 + Double(index) * edgeStep)), within: 1e-9))
        #expect(approximately(points[2], Point(x: 300, y: 300 * (0.475 + Double(index + 1) * edgeStep)), within: 1e-9))
        #expect(approximately(points[3], prism.onRightSide(0.3 + Double(index + 1) * step), within: 1e-9))
    }

    @Test func theFinishedDrawingPaintsInOrderWithTheRainbowFromRedToPurple() {
        let elements = DarkSide().elements(in: square)
        #expect(elements.map(\.stage) == [.beam, .dispersion] + Array(repeating: .rainbow, count: 6) + [.prism])
        let rainbow = elements.filter { $0.stage == .rainbow }.map(\.paint)
        #expect(rainbow == DarkSide.rainbowColors.map(Paint.solid))
        #expect(elements.last?.mode == .stroke(width: 300 * DarkSide.lineWidthFraction))
        guard case .linearGradient(let start, let end, let stops) = elements[1].paint else {
            Issue.record("the dispersion is filled with a gradient")
            return
        }
        #expect(start == Point(x: 135, y: 150) && end == Point(x: 165, y: 150))
        #expect(stops.map(\.color) == [.white, .black])
    }

    @Test func theAnimationTracesThePrismFirstThenTheBeamDispersionAndRainbow() {
        let drawing = DarkSide()
        #expect(drawing.elements(in: square, progress: 0).isEmpty)
        let early = drawing.elements(in: square, progress: 0.2)
        #expect(early.map(\.stage) == [.prism])
        let perimeter = Prism().path(in: square).length()
        #expect(abs(early[0].path.length() - perimeter / 2) < 1e-6)
        #expect(drawing.elements(in: square, progress: 0.5).map(\.stage) == [.beam, .prism])
        #expect(drawing.elements(in: square, progress: 0.7).map(\.stage) == [.beam, .dispersion, .prism])
        #expect(drawing.elements(in: square, progress: 0.8).filter { $0.stage == .rainbow }.count == 6)
        // Part way, the rainbow has not yet reached the edge.
        let partial = drawing.elements(in: square, progress: 0.8).first { $0.stage == .rainbow }!
        #expect((partial.path.bounds?.maxX ?? 300) < 300)
        #expect(drawing.elements(in: square, progress: .nan).isEmpty)
    }

    @Test func parametersOutsideTheirRangeAreRefusedWithTheirName() {
        #expect(throws: GeometryError.self) {
            try PrismParameters(lightFraction: 1.2, prismFraction: 0.4, dispersionSize: 0.2, rainbowSize: 0.15)
        }
        do {
            _ = try PrismParameters(lightFraction: 0.5, prismFraction: .nan, dispersionSize: 0.2, rainbowSize: 0.15)
            Issue.record("NaN accepted")
        } catch {
            #expect(String(describing: error) == "prism fraction must be a finite number")
        }
    }
}
