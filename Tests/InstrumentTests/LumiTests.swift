import Foundation
import Geometry
import Instrument
import Testing
import TestSupport

@Suite("Lumis and forms")
struct LumiTests {
    @Test func envelopeRisesHoldsAndDecays() {
        let envelope = Envelope(attack: 1, hold: 2, release: 4)
        #expect(envelope.level(age: -1, noteOff: .infinity) == 0)
        #expect(envelope.level(age: 0.5, noteOff: .infinity) == 0.5)
        #expect(envelope.level(age: 100, noteOff: .infinity) == 1)
        #expect(envelope.level(age: 4, noteOff: 2) == 0.5)
        #expect(envelope.level(age: 6, noteOff: 2) == 0)
        #expect(envelope.level(age: 1.5, noteOff: 0.5) == 0.375)  // released during the attack: decays from there
        #expect(envelope.isFinished(age: 6, noteOff: 2))
        #expect(!envelope.isFinished(age: 5.9, noteOff: 2))
    }

    @Test func featuresHaveTwelveNamesAndRanges() {
        #expect(LumiFeature.allCases.count == 12)
        #expect(LumiFeature.hue.limit(1.25) == 0.25)
        #expect(LumiFeature.opacity.limit(-3) == 0)
        #expect(LumiFeature.size.limit(9) == 2)
        var features = LumiFeatures()
        features[.trail] = FeatureSetting(0.4)
        #expect(features.trail.base == 0.4)
    }

    @Test(arguments: [Form.circle, .polygon(sides: 6), .star(points: 5, innerRadius: 0.4), .ring(innerRadius: 0.8), .line, .rose(petals: 7)])
    func formsRoundTripAndFitTheUnitSquare(form: Form) throws {
        #expect(try roundTrip(form) == form)
        let bounds = try #require(form.unitPath.bounds)
        #expect(bounds.minX >= -0.5 - 1e-9 && bounds.maxX <= 0.5 + 1e-9)
        #expect(bounds.minY >= -0.5 - 1e-9 && bounds.maxY <= 0.5 + 1e-9)
    }

    @Test func unknownFormsAndBadParametersAreRefused() {
        do {
            _ = try decode(Form.self, from: #"{"kind":"hexagon"}"#)
            Issue.record("unknown form accepted")
        } catch {
            #expect(String(describing: error).contains("unknown form \"hexagon\"; known: circle, polygon"))
        }
        #expect(throws: (any Error).self) { try decode(Form.self, from: #"{"kind":"polygon","sides":2}"#) }
        #expect(throws: (any Error).self) { try decode(Form.self, from: #"{"kind":"star","points":5,"innerRadius":-1}"#) }
        #expect(throws: InstrumentError.self) { try Form.rose(petals: 0).validate() }
    }

    @Test func aLumiWithABadNumberAnywhereIsRefused() {
        var lumi = Lumi()
        lumi.features.size = FeatureSetting(5)
        #expect(throws: InstrumentError.self) { try lumi.validate() }
        lumi = Lumi()
        lumi.features.hue.oscillator.depth = .nan
        #expect(throws: InstrumentError.self) { try lumi.validate() }
        lumi = Lumi(anchor: Point(x: .infinity, y: 0))
        #expect(throws: InstrumentError.self) { try lumi.validate() }
        lumi = Lumi(envelope: Envelope(attack: -1))
        #expect(throws: InstrumentError.self) { try lumi.validate() }
        #expect(throws: Never.self) { try Lumi().validate() }
    }
}
