import Foundation
import Geometry
import Instrument
import PropertyBased
import Testing
import TestSupport

@Suite("Colour")
struct ColorTests {
    /// Seed 001's table: name, position, begin, end.
    static let table: [(SpectralHue, Double, Double, Double)] = [
        (.redOrange, 0.04, -0.001, 0.08), (.orange, 0.10, 0.08, 0.12), (.orangeYellow, 0.13, 0.12, 0.15),
        (.yellow, 0.17, 0.15, 0.18), (.yellowGreen, 0.24, 0.18, 0.30), (.green, 0.33, 0.30, 0.42),
        (.greenBlue, 0.50, 0.42, 0.60), (.blue, 0.67, 0.60, 0.71), (.blueViolet, 0.74, 0.71, 0.78),
        (.violet, 0.80, 0.78, 0.83), (.violetRed, 0.86, 0.83, 0.90), (.red, 0.95, 0.90, 1.00),
    ]

    @Test(arguments: table)
    func segmentTableIsSeed001s(hue: SpectralHue, position: Double, begin: Double, end: Double) {
        let segment = Spectrum.segment(of: hue)
        #expect(segment.position == position && segment.begin == begin && segment.end == end)
        #expect(Spectrum.namedHue(at: position) == hue)
        #expect(Spectrum.namedHue(at: end) == hue)  // a segment includes its end…
        if end < 1 { #expect(Spectrum.namedHue(at: end + 1e-9) != hue) }  // …and not beyond it
    }

    @Test func segmentsTileTheWholeHueSpaceInOrder() {
        #expect(Spectrum.segments.map(\.hue) == SpectralHue.allCases)
        for (a, b) in zip(Spectrum.segments, Spectrum.segments.dropFirst()) { #expect(a.end == b.begin) }
    }

    @Test func theEndsOfTheRibbonHaveNames() {
        #expect(Spectrum.namedHue(at: 0) == .redOrange)
        #expect(Spectrum.namedHue(at: 1) == .red)
        #expect(Spectrum.namedHue(at: .nan) == .red)
        #expect(Spectrum.namedHue(at: 1.5) == .greenBlue)  // wraps round the wheel
        #expect(SpectralHue.blueViolet.name == "blue-violet")
    }

    @Test func hsvToRgbKnownColours() {
        #expect(HSVColor(hue: 0, saturation: 1, value: 1).rgb == RGBAColor(red: 1, green: 0, blue: 0))
        #expect(HSVColor(hue: 1.0 / 3, saturation: 1, value: 1).rgb == RGBAColor(red: 0, green: 1, blue: 0))
        #expect(HSVColor(hue: 2.0 / 3, saturation: 1, value: 1).rgb == RGBAColor(red: 0, green: 0, blue: 1))
        #expect(HSVColor(hue: 0.5, saturation: 0, value: 0.5).rgb == RGBAColor(red: 0.5, green: 0.5, blue: 0.5))
        #expect(HSVColor(hue: 1, saturation: 1, value: 1).rgb == HSVColor(hue: 0, saturation: 1, value: 1).rgb)
    }

    @Test func hsvRgbHsvRoundTrips() async {
        await propertyCheck(
            count: 1000, input: Gen.double(in: 0..<1), Gen.double(in: 0.01...1), Gen.double(in: 0.01...1)
        ) { hue, saturation, value in
            let back = HSVColor(HSVColor(hue: hue, saturation: saturation, value: value).rgb)
            #expect(approximatelySameHue(back.hue, hue, within: 1e-9))
            #expect(approximately(back.saturation, saturation, within: 1e-9))
            #expect(approximately(back.value, value, within: 1e-9))
        }
    }

    @Test func purityRunsFromBlackThroughThePureHueToWhite() {
        #expect(Purity.saturationAndBrightness(at: 0) == (1, 0))
        #expect(Purity.saturationAndBrightness(at: 0.25) == (1, 0.5))
        #expect(Purity.saturationAndBrightness(at: 0.5) == (1, 1))
        #expect(Purity.saturationAndBrightness(at: 0.75) == (0.5, 1))
        #expect(Purity.saturationAndBrightness(at: 1) == (0, 1))
        #expect(Purity.saturationAndBrightness(at: 7) == (0, 1))
        #expect(Purity.saturationAndBrightness(at: .nan) == (1, 1))
    }

    @Test func purityInvertsOnBothEdgesOfColesDiagram() async {
        await propertyCheck(count: 300, input: Gen.double(in: 0...1)) { purity in
            let (saturation, brightness) = Purity.saturationAndBrightness(at: purity)
            #expect(approximately(Purity.purity(saturation: saturation, brightness: brightness), purity, within: 1e-12))
        }
    }

    @Test func aPulsePlaysTheSelectionFromOneEndOfItsRangeToTheOther() throws {
        let selection = ColorSelection(
            hue: try RibbonSelection(center: 0.5, range: 0.2), purity: try RibbonSelection(center: 0.5))
        let pulse = Pulse(waveform: .triangle, rate: .hertz(1), purityLag: 0)
        func hue(at time: Double) -> Double {
            pulse.color(of: selection, at: Moment(elapsed: time, beat: 0, beatsPerSecond: 2)).hue
        }
        #expect(approximately(hue(at: 0), 0.5, within: 1e-12))  // the middle of the range
        #expect(approximately(hue(at: 0.25), 0.6, within: 1e-12))  // its upper end
        #expect(approximately(hue(at: 0.75), 0.4, within: 1e-12))  // its lower end
        // A selection without a range is one colour, whatever the pulse does.
        let single = try ColorSelection(hue: 0.3)
        #expect(pulse.color(of: single, at: Moment(elapsed: 0.3, beat: 0, beatsPerSecond: 2)) == single.centerColor)
    }
    @Test func aPulsesDepthIsHowMuchOfTheRangeItTravels() throws {
        let selection = ColorSelection(
            hue: try RibbonSelection(center: 0.5, range: 0.2), purity: try RibbonSelection(center: 0.5))
        func hue(depth: Double, at time: Double) -> Double {
            Pulse(waveform: .triangle, rate: .hertz(1), purityLag: 0, depth: depth)
                .color(of: selection, at: Moment(elapsed: time, beat: 0, beatsPerSecond: 2)).hue
        }
        #expect(approximately(hue(depth: 0.5, at: 0.25), 0.55, within: 1e-12))  // half way to the upper end
        #expect(approximately(hue(depth: 0.5, at: 0.75), 0.45, within: 1e-12))
        #expect(approximately(hue(depth: 0, at: 0.25), 0.5, within: 1e-12))  // no depth: the centre colour
        #expect(throws: InstrumentError.self) { try Pulse(depth: 1.5).validate() }
        #expect(throws: InstrumentError.self) { try Pulse(depth: -0.1).validate() }
    }

    @Test func aPulseWithoutADepthInItsFileTravelsTheWholeRange() throws {
        let old = #"{"waveform":{"kind":"sine"},"rate":{"beats":4},"purityLag":0.5}"#
        let pulse = try JSONDecoder().decode(Pulse.self, from: Data(old.utf8))
        #expect(pulse == Pulse(waveform: .sine, rate: .beats(4), purityLag: 0.5, depth: 1))
        #expect(!String(decoding: try JSONEncoder().encode(pulse), as: UTF8.self).contains("depth"))
        let shallow = Pulse(depth: 0.25)
        #expect(try JSONDecoder().decode(Pulse.self, from: try JSONEncoder().encode(shallow)) == shallow)
    }
}
