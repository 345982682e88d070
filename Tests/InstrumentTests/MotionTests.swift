import Foundation
import Geometry
import Instrument
import PropertyBased
import Testing
import TestSupport

@Suite("Motion")
struct MotionTests {
    @Test func driftTravelsInAStraightLine() {
        let down = Motion.drift(direction: 0.25, speed: 0.5)
        #expect(approximately(down.displacement(after: 2, seed: 1), Point(x: 0, y: 1), within: 1e-7))
        #expect(Motion.still.displacement(after: 100, seed: 1) == .zero)
    }

    @Test func orbitComesBackAfterOneTurn() {
        let orbit = Motion.orbit(radius: 0.2, rate: 0.5)
        #expect(approximately(orbit.displacement(after: 2, seed: 1), .zero, within: 1e-7))
        #expect(approximately(orbit.displacement(after: 1, seed: 1), Point(x: -0.4, y: 0), within: 1e-7))
    }

    @Test func lissajousStartsAtItsReleasePoint() {
        let figure = Motion.lissajous(width: 0.3, height: 0.2, xRate: 3, yRate: 2, phase: 0.1)
        #expect(approximately(figure.displacement(after: 0, seed: 1), .zero, within: 1e-9))
        for time in stride(from: 0.0, to: 5, by: 0.01) {
            let point = figure.displacement(after: time, seed: 1)
            #expect(abs(point.x) <= 0.6 + 1e-9 && abs(point.y) <= 0.2 + 1e-9)
        }
    }

    @Test func wanderIsSmoothBoundedAndTheSameForTheSameSeed() {
        let wander = Motion.wander(distance: 0.3, rate: 2)
        #expect(approximately(wander.displacement(after: 0, seed: 5), .zero, within: 1e-12))
        var previous = Point.zero
        for step in 1...1000 {
            let point = wander.displacement(after: Double(step) / 100, seed: 5)
            #expect(point.distance(to: previous) < 0.05)  // no jumps
            #expect(abs(point.x) <= 0.6 && abs(point.y) <= 0.6)
            #expect(point == wander.displacement(after: Double(step) / 100, seed: 5))
            previous = point
        }
        #expect(wander.displacement(after: 3.3, seed: 5) != wander.displacement(after: 3.3, seed: 6))
    }

    @Test func followingAStrokeGoesBackAndForthAlongIt() throws {
        let stroke = try Stroke(points: [Point(x: 0, y: 0), Point(x: 1, y: 0), Point(x: 1, y: 1)])
        #expect(stroke.length == 2)
        let follow = Motion.follow(stroke, speed: 1)
        #expect(approximately(follow.displacement(after: 0.5, seed: 1), Point(x: 0.5, y: 0), within: 1e-12))
        #expect(approximately(follow.displacement(after: 1.5, seed: 1), Point(x: 1, y: 0.5), within: 1e-12))
        #expect(approximately(follow.displacement(after: 2.5, seed: 1), Point(x: 1, y: 0.5), within: 1e-12))
        #expect(approximately(follow.displacement(after: 4, seed: 1), .zero, within: 1e-12))
        #expect(throws: InstrumentError.self) { try Stroke(points: []) }
        #expect(throws: InstrumentError.self) { try Stroke(points: [Point(x: .nan, y: 0)]) }
    }

    @Test func bounceAndWrapKeepEveryPointOnTheCanvas() async {
        await propertyCheck(count: 1000, input: Gen.double(in: -50...50), Gen.double(in: -50...50)) { x, y in
            for edges in [EdgeBehavior.bounce, .wrap] {
                let point = edges.apply(Point(x: x, y: y), in: Canvas.bounds)
                #expect(Canvas.bounds.contains(point))
            }
            #expect(EdgeBehavior.free.apply(Point(x: x, y: y), in: Canvas.bounds) == Point(x: x, y: y))
        }
    }

    @Test func bounceReflectsAndWrapComesInFromTheOtherSide() {
        let outside = Point(x: Canvas.aspect + 0.1, y: -0.2)
        let bounced = EdgeBehavior.bounce.apply(outside, in: Canvas.bounds)
        #expect(approximately(bounced, Point(x: Canvas.aspect - 0.1, y: 0.2), within: 1e-12))
        let wrapped = EdgeBehavior.wrap.apply(outside, in: Canvas.bounds)
        #expect(approximately(wrapped, Point(x: 0.1, y: 0.8), within: 1e-12))
    }

    @Test func motionsRoundTripThroughJSONAndUnknownOnesAreNamed() throws {
        let motions: [Motion] = [
            .still, .drift(direction: 0.1, speed: 0.2), .orbit(radius: 0.1, rate: -0.3),
            .lissajous(width: 0.1, height: 0.2, xRate: 1, yRate: 2, phase: 0.3), .wander(distance: 0.2, rate: 1),
            .follow(try Stroke(points: [.zero, Point(x: 1, y: 1)]), speed: 0.4),
        ]
        for motion in motions { #expect(try roundTrip(motion) == motion) }
        do {
            _ = try decode(Motion.self, from: #"{"kind":"teleport"}"#)
            Issue.record("unknown motion accepted")
        } catch {
            #expect(String(describing: error).contains("unknown motion \"teleport\""))
        }
        #expect(throws: (any Error).self) { try decode(Motion.self, from: #"{"kind":"drift","direction":0,"speed":1000}"#) }
    }
}
