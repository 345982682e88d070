import Foundation
import Instrument
import PropertyBased
import Testing
import TestSupport

@Suite("Oscillators")
struct OscillatorTests {
    static let waveforms: [Waveform] = [.sine, .triangle, .saw, .square, .pulse(width: 0.3), .sampleAndHold(seed: 42)]

    @Test func waveformsAtKeyPhases() {
        #expect(approximately(Waveform.sine.sample(0.25), 1, within: 1e-7))
        #expect(Waveform.triangle.sample(0) == 0 && Waveform.triangle.sample(0.25) == 1 && Waveform.triangle.sample(0.75) == -1)
        #expect(Waveform.saw.sample(0) == 0 && Waveform.saw.sample(0.25) == 0.5 && Waveform.saw.sample(0.75) == -0.5)
        #expect(Waveform.square.sample(0.1) == 1 && Waveform.square.sample(0.6) == -1)
        #expect(Waveform.pulse(width: 0.3).sample(0.29) == 1 && Waveform.pulse(width: 0.3).sample(0.31) == -1)
    }

    @Test(arguments: waveforms)
    func everyWaveformStaysWithinMinusOneAndOne(waveform: Waveform) async {
        await propertyCheck(count: 500, input: Gen.double(in: -1e4...1e4)) { phase in
            #expect((-1...1).contains(waveform.sample(phase)))
        }
    }

    @Test(arguments: waveforms)
    func theClosedFormIntegralMatchesNumericalIntegration(waveform: Waveform) async {
        await propertyCheck(count: 40, input: Gen.double(in: -3...3), Gen.double(in: 0.05...4)) { start, span in
            let steps = 20_000
            var sum = 0.0
            for step in 0..<steps { sum += waveform.sample(start + span * (Double(step) + 0.5) / Double(steps)) }
            let numeric = sum * span / Double(steps)
            let exact = waveform.integral(start + span) - waveform.integral(start)
            #expect(abs(numeric - exact) < 2e-3)  // the steps of square and pulse cost the midpoint rule a little
        }
    }

    @Test func sampleAndHoldHoldsEachCycleAndRepeatsForTheSameSeed() {
        let a = Waveform.sampleAndHold(seed: 7), b = Waveform.sampleAndHold(seed: 8)
        #expect(a.sample(3.1) == a.sample(3.9))
        #expect(a.sample(3.1) != a.sample(4.1))
        let levels = (0..<64).map { a.sample(Double($0) + 0.5) }
        #expect(levels == (0..<64).map { Waveform.sampleAndHold(seed: 7).sample(Double($0) + 0.5) })
        #expect(levels != (0..<64).map { b.sample(Double($0) + 0.5) })
        #expect(Set(levels).count > 60)
    }

    @Test func rateInBeatsFollowsTheTempo() {
        // At 120 BPM (2 beats a second) one cycle every 2 beats is 1 Hz.
        let byBeats = Oscillator(.sine, rate: .beats(2), depth: 1)
        let byHertz = Oscillator(.sine, rate: .hertz(1), depth: 1)
        for time in stride(from: 0.0, through: 3, by: 0.1) {
            let moment = Moment(elapsed: time, beat: time * 2, beatsPerSecond: 2)
            #expect(approximately(byBeats.value(at: moment), byHertz.value(at: moment), within: 1e-9))
        }
    }

    @Test func depthOffsetAndPhaseShapeTheValue() {
        let oscillator = Oscillator(.triangle, rate: .hertz(2), phase: 0.25, depth: 0.5, offset: 3)
        #expect(oscillator.value(at: Moment(elapsed: 0, beat: 0, beatsPerSecond: 2)) == 3.5)
        #expect(oscillator.value(at: Moment(elapsed: 0.25, beat: 0, beatsPerSecond: 2)) == 2.5)
        #expect(Oscillator.silent.value(at: Moment(elapsed: 9, beat: 9, beatsPerSecond: 2)) == 0)
    }

    @Test func integralOfAConstantIsLinear() {
        let constant = Oscillator(.sine, rate: .hertz(0), depth: 0, offset: 2)
        #expect(constant.integral(at: Moment(elapsed: 3, beat: 6, beatsPerSecond: 2)) == 6)
    }

    @Test func badNumbersAreRefusedWithTheirName() {
        #expect(throws: InstrumentError.self) { try Oscillator(rate: .hertz(.nan)).validate() }
        #expect(throws: InstrumentError.self) { try Oscillator(rate: .beats(0)).validate() }
        #expect(throws: InstrumentError.self) { try Oscillator(.pulse(width: 2)).validate() }
        do {
            try Oscillator(depth: .infinity).validate()
        } catch {
            #expect(error.description == "oscillator depth must be a finite number")
        }
    }

    @Test func unknownWaveformsInFilesAreNamed() {
        do {
            _ = try decode(Waveform.self, from: #"{"kind":"wobble"}"#)
            Issue.record("unknown waveform accepted")
        } catch {
            #expect(String(describing: error).contains("unknown waveform \"wobble\""))
        }
        #expect(throws: (any Error).self) { try decode(OscillatorRate.self, from: #"{"hertz":1000}"#) }
        #expect(throws: (any Error).self) { try decode(OscillatorRate.self, from: #"{}"#) }
    }

    @Test(arguments: waveforms)
    func waveformsRoundTripThroughJSON(waveform: Waveform) throws {
        #expect(try roundTrip(waveform) == waveform)
        #expect(try roundTrip(Oscillator(waveform, rate: .beats(3), phase: 0.2, depth: 0.4, offset: 0.1)).waveform == waveform)
    }

    @Test func tapTempoFollowsTheTapsAndForgetsAfterAPause() throws {
        var tempo = try Tempo(beatsPerMinute: 100)
        #expect(try tempo.tap(at: 10) == false)
        #expect(try tempo.tap(at: 10.5))
        #expect(approximately(tempo.beatsPerMinute, 120, within: 1e-9))
        #expect(try tempo.tap(at: 11.0))
        #expect(try tempo.tap(at: 11.4))
        #expect(approximately(tempo.beatsPerMinute, 60 / (1.4 / 3), within: 1e-9))
        #expect(try tempo.tap(at: 20) == false)  // a long pause starts again
        #expect(try tempo.tap(at: 20.25))
        #expect(approximately(tempo.beatsPerMinute, 240, within: 1e-9))
        #expect(try tempo.tap(at: 20.26))
        #expect(tempo.beatsPerMinute == 300)  // clamped: 20 ms taps would be thousands of BPM
        #expect(throws: InstrumentError.self) { try Tempo(beatsPerMinute: 10) }
        #expect(throws: InstrumentError.self) { try tempo.set(beatsPerMinute: .nan) }
    }
}
