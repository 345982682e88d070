import Foundation
import Instrument
import Testing
import TestSupport

/// The waveforms' values (Tests/fixtures/twin-rules/waveforms.json), which the motion panel's plots
/// (console/motion/waveform-plot.js's `sampleWaveform`) are held to as well, by `node --test`: each waveform,
/// sample-and-hold's seeds among them, gives the same value at the same phase, to the last bit.
@Suite struct WaveformTwinRuleTests {
    struct Case: Decodable, CustomTestStringConvertible {
        let `case`: String
        let waveform: Waveform
        /// `[phase, value]` pairs.
        let samples: [[Double]]
        var testDescription: String { self.case }
    }

    static let cases: [Case] = {
        struct Table: Decodable { let waveforms: [Case] }
        let file = TwinRuleTables.file("waveforms.json")
        return (try? Data(contentsOf: file)).flatMap { try? JSONDecoder().decode(Table.self, from: $0).waveforms } ?? []
    }()

    @Test func theTableIsRead() {
        #expect(Self.cases.count >= 12)
        #expect(Set(Self.cases.map(\.waveform.name)) == Set(Waveform.names), "every waveform has its cases")
    }

    @Test(arguments: cases) func eachWaveformHasTheValuesTheTableSays(_ item: Case) throws {
        for sample in item.samples {
            try #require(sample.count == 2)
            let (phase, value) = (sample[0], sample[1])
            #expect(item.waveform.sample(phase) == value, "at phase \(phase)")
        }
    }
}
