import Foundation
import StageOutputs
import Testing
import TestSupport

/// The output rule's cases (Tests/fixtures/twin-rules/outputs.json), which the console's `validateOutput`
/// (shared/outputs.js) is held to as well, by `node --test`: the two sides keep and refuse the same outputs,
/// word for word.
@Suite struct OutputTwinRuleTests {
    struct Table: Decodable {
        struct Case: Decodable, CustomTestStringConvertible {
            let `case`: String
            let output: JSONValue
            let refused: String?
            let kept: Bool?
            var testDescription: String { self.case }
        }
        let cases: [Case]
    }

    /// A case's output as JSON, passed on as it is to the decoder the API uses.
    struct JSONValue: Decodable {
        let data: Data
        init(from decoder: any Decoder) throws {
            data = try JSONSerialization.data(withJSONObject: try decoder.singleValueContainer().decode(AnyJSON.self).value, options: [.fragmentsAllowed])
        }
    }

    static let cases: [Table.Case] = {
        let file = TwinRuleTables.file("outputs.json")
        guard let data = try? Data(contentsOf: file), let table = try? JSONDecoder().decode(Table.self, from: data) else { return [] }
        return table.cases
    }()

    @Test func theTableIsRead() {
        #expect(Self.cases.count >= 30)
    }

    @Test(arguments: cases) func eachCaseIsKeptOrRefusedAsTheTableSays(_ item: Table.Case) throws {
        let output = try JSONDecoder().decode(StageOutput.self, from: item.output.data)
        do throws(StageOutputError) {
            _ = try output.checked()
            #expect(item.kept == true, "kept, where the table says: \(item.refused ?? "")")
        } catch {
            #expect(error.description == item.refused)
        }
    }
}

/// Any JSON value, read into Foundation's types (for JSONSerialization to write again).
private struct AnyJSON: Decodable {
    let value: Any
    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { value = NSNull() }
        else if let bool = try? container.decode(Bool.self) { value = bool }
        else if let number = try? container.decode(Double.self) { value = number }
        else if let text = try? container.decode(String.self) { value = text }
        else if let array = try? container.decode([AnyJSON].self) { value = array.map(\.value) }
        else { value = try container.decode([String: AnyJSON].self).mapValues(\.value) }
    }
}
