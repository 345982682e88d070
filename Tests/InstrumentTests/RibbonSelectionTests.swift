import Foundation
import Instrument
import PropertyBased
import Testing
import TestSupport

@Suite("Hue and purity ribbons")
struct RibbonSelectionTests {
    @Test func aDragPutsTheCentreUnderTheFingerClampedToTheRibbon() throws {
        var ribbon = try RibbonSelection(center: 0.5)
        try ribbon.drag(to: 0.42)
        #expect(ribbon.center == 0.42)
        try ribbon.drag(to: -3)
        #expect(ribbon.center == 0)
        try ribbon.drag(to: 1.7)
        #expect(ribbon.center == 1)
    }

    @Test func pinchingWidensAndNarrowsInHundredths() throws {
        var ribbon = try RibbonSelection(center: 0.5)
        for _ in 0..<7 { ribbon.widen() }
        #expect(approximately(ribbon.range, 0.07, within: 1e-12))
        try ribbon.pinch(scale: 0.8)
        #expect(approximately(ribbon.range, 0.06, within: 1e-12))
        try ribbon.pinch(scale: 1)
        #expect(approximately(ribbon.range, 0.06, within: 1e-12))
        for _ in 0..<500 { ribbon.widen() }
        #expect(ribbon.range == 1)
        #expect(ribbon.center == 0.5)
        for _ in 0..<500 { ribbon.narrow() }
        #expect(ribbon.range == 0)
    }

    @Test func theCentreMovesInSoTheRangeStaysOnTheRibbon() throws {
        var ribbon = try RibbonSelection(center: 0.95)
        for _ in 0..<20 { ribbon.widen() }
        #expect(approximately(ribbon.range, 0.2, within: 1e-12))
        #expect(approximately(ribbon.center, 0.9, within: 1e-12))
        try ribbon.drag(to: 0.01)
        #expect(approximately(ribbon.center, 0.1, within: 1e-12))
        #expect(approximately(ribbon.lowerBound, 0, within: 1e-12))
    }

    @Test func notANumberIsRefusedAndChangesNothing() throws {
        var ribbon = try RibbonSelection(center: 0.3, range: 0.1)
        let before = ribbon
        #expect(throws: InstrumentError.self) { try ribbon.drag(to: .nan) }
        #expect(throws: InstrumentError.self) { try ribbon.setRange(.infinity) }
        #expect(throws: InstrumentError.self) { try ribbon.pinch(scale: .nan) }
        #expect(ribbon == before)
        #expect(throws: InstrumentError.self) { try RibbonSelection(center: .nan) }
    }

    enum Gesture: Sendable { case drag(Double), widen, narrow, pinch(Double), range(Double) }

    @Test func anySequenceOfGesturesKeepsTheWholeRangeOnTheRibbon() async {
        let gesture = Gen<Gesture>.oneOf(
            Gen.double(in: -2...3).map { Gesture.drag($0) },
            Gen.always(Gesture.widen),
            Gen.always(Gesture.narrow),
            Gen.double(in: 0...3).map { Gesture.pinch($0) },
            Gen.double(in: -1...2).map { Gesture.range($0) })
        await propertyCheck(count: 300, input: gesture.array(of: 1...80)) { gestures in
            var ribbon = try! RibbonSelection(center: 0.5)
            for gesture in gestures {
                switch gesture {
                case .drag(let x): try? ribbon.drag(to: x)
                case .widen: ribbon.widen()
                case .narrow: ribbon.narrow()
                case .pinch(let scale): try? ribbon.pinch(scale: scale)
                case .range(let range): try? ribbon.setRange(range)
                }
                #expect((0...1).contains(ribbon.range))
                #expect((0...1).contains(ribbon.center))
                #expect(ribbon.lowerBound >= -1e-12 && ribbon.upperBound <= 1 + 1e-12)
                // The range stays on the 0.01 grid.
                #expect(abs(ribbon.range * 100 - (ribbon.range * 100).rounded()) < 1e-9)
            }
        }
    }

    @Test func valuesThroughTheRangeRunFromItsLowerToItsUpperEnd() throws {
        let ribbon = try RibbonSelection(center: 0.5, range: 0.4)
        #expect(approximately(ribbon.value(at: 0), 0.3, within: 1e-12))
        #expect(approximately(ribbon.value(at: 1), 0.7, within: 1e-12))
        #expect(approximately(ribbon.value(at: 9), 0.7, within: 1e-12))
    }
}
