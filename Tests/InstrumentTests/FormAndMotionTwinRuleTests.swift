import Foundation
import Geometry
import Instrument
import Testing
import TestSupport

/// The forms and motions the panels offer (Tests/fixtures/twin-rules/form-and-motion.json), which the console's
/// form-kinds.js and motion-kinds.js are held to as well, by `node --test`: the kinds in the engine's order, and
/// each parameter's range and starting value. A form is kept at each end of its range and refused just past it;
/// a motion is kept at each end of its slider's; every kind is kept as a new one starts.
@Suite struct FormAndMotionTwinRuleTests {
    struct Parameter: Decodable {
        let name: String
        let range: [Double]
        let `default`: Double
        let integer: Bool?
    }

    struct Kind: Decodable, CustomTestStringConvertible {
        let kind: String
        let params: [Parameter]
        var testDescription: String { kind }

        /// The kind as JSON, each parameter at its starting value but `name`'s at `value`.
        func json(_ name: String? = nil, at value: Double? = nil, extra: [String: Any] = [:]) throws -> Data {
            var object: [String: Any] = extra
            object["kind"] = kind
            for param in params {
                let number = param.name == name ? value ?? param.default : param.default
                object[param.name] = param.integer == true ? Int(number) as Any : number as Any
            }
            return try JSONSerialization.data(withJSONObject: object)
        }
    }

    struct Table: Decodable {
        let forms: [Kind]
        let motions: [Kind]
        let edges: [String]
    }

    static let table: Table? = {
        let file = TwinRuleTables.file("form-and-motion.json")
        return (try? Data(contentsOf: file)).flatMap { try? JSONDecoder().decode(Table.self, from: $0) }
    }()

    /// A followed motion's stroke (the panel never makes one: a stroke on the canvas does).
    static var stroke: [String: Any] { ["stroke": [["x": 0.0, "y": 0.0], ["x": 0.5, "y": 0.5]]] }

    @Test func theKindsAreTheEnginesInItsOrder() throws {
        let table = try #require(Self.table)
        #expect(table.forms.map(\.kind) == Form.kinds)
        #expect(table.motions.map(\.kind) == Motion.kinds)
        #expect(table.edges == EdgeBehavior.allCases.map(\.rawValue))
    }

    @Test func thePrismStartsAsTheCover() throws {
        let prism = try #require(Self.table?.forms.first { $0.kind == "prism" })
        #expect(try JSONDecoder().decode(Form.self, from: prism.json()) == .prism(.cover))
    }

    @Test(arguments: table?.forms ?? [])
    func eachFormIsKeptInItsRangeAndRefusedPastIt(_ form: Kind) throws {
        #expect(throws: Never.self, "as a new one starts") { try JSONDecoder().decode(Form.self, from: form.json()) }
        for param in form.params {
            try #require(param.range.count == 2)
            let step = param.integer == true ? 1.0 : 0.01
            for bound in param.range {
                #expect(throws: Never.self, "\(param.name) at \(bound)") { try JSONDecoder().decode(Form.self, from: form.json(param.name, at: bound)) }
            }
            for past in [param.range[0] - step, param.range[1] + step] {
                #expect(throws: (any Error).self, "\(param.name) at \(past)") { try JSONDecoder().decode(Form.self, from: form.json(param.name, at: past)) }
            }
        }
    }

    @Test(arguments: table?.motions ?? [])
    func eachMotionIsKeptAcrossItsSlider(_ motion: Kind) throws {
        let extra = motion.kind == "follow" ? Self.stroke : [:]
        #expect(throws: Never.self, "as a new one starts") { try JSONDecoder().decode(Motion.self, from: motion.json(extra: extra)) }
        for param in motion.params {
            try #require(param.range.count == 2)
            for bound in param.range {
                #expect(throws: Never.self, "\(param.name) at \(bound)") {
                    try JSONDecoder().decode(Motion.self, from: motion.json(param.name, at: bound, extra: extra))
                }
            }
        }
    }
}
