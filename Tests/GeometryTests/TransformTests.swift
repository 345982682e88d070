import Foundation
import Geometry
import PropertyBased
import Testing
import TestSupport

@Suite("Transforms and trigonometry")
struct TransformTests {
    @Test func inverseUndoesTheTransform() async {
        await propertyCheck(
            count: 200, input: Gen.double(in: -10...10), Gen.double(in: 0.1...5), Gen.double(in: -100...100),
            Gen.double(in: -100...100)
        ) { angle, scale, x, y in
            let transform = AffineTransform.placement(position: Point(x: x, y: y), angle: angle, sx: scale, sy: scale * 0.5)
            guard let inverse = transform.inverted else { Issue.record("no inverse"); return }
            let point = Point(x: y, y: x)
            #expect(approximately(inverse.apply(to: transform.apply(to: point)), point, within: 1e-9))
        }
    }

    @Test func aCollapsedTransformHasNoInverse() {
        #expect(AffineTransform.scale(x: 0, y: 1).inverted == nil)
    }

    @Test func placementInTurnsMatchesPlacementInRadians() {
        for turns in stride(from: -2.0, through: 2.0, by: 0.0625) {
            let a = AffineTransform.placement(position: Point(x: 1, y: 2), turns: turns, sx: 3, sy: 4)
            let b = AffineTransform.placement(position: Point(x: 1, y: 2), angle: 2 * .pi * turns, sx: 3, sy: 4)
            #expect(approximately(a.a, b.a, within: 1e-6) && approximately(a.b, b.b, within: 1e-6))
            #expect(approximately(a.c, b.c, within: 1e-6) && approximately(a.d, b.d, within: 1e-6))
        }
    }

    @Test func sineAndCosineInTurnsAreWithinTenMillionths() async {
        await propertyCheck(count: 2000, input: Gen.double(in: -1000...1000)) { turns in
            #expect(abs(Turns.sin(turns) - sin(2 * .pi * turns)) < 1e-7 + abs(turns) * 1e-15)
            #expect(abs(Turns.cos(turns) - cos(2 * .pi * turns)) < 1e-7 + abs(turns) * 1e-15)
        }
        #expect(Turns.sin(0) == 0)
        #expect(approximately(Turns.sin(0.25), 1, within: 1e-7))
        #expect(approximately(Turns.cos(0.5), -1, within: 1e-7))
    }

    @Test func wholeNumberHelpersMatchTheStandardLibrary() async {
        await propertyCheck(count: 1000, input: Gen.double(in: -1e6...1e6)) { x in
            #expect(Turns.floor(x) == x.rounded(.down))
            #expect(abs(Turns.nearestWhole(x) - x.rounded()) <= 1)  // ties may go either way
            #expect(abs(Turns.nearestWhole(x) - x) <= 0.5)
        }
        #expect(Turns.floor(.nan) == 0)
        #expect(Turns.floor(.infinity) == 0)
        #expect(Turns.floor(1e300) == 1e300)
    }
}
