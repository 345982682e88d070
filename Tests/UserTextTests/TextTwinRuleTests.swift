import Foundation
import Testing
import UserText
import TestSupport

/// The text rule of every name (Tests/fixtures/twin-rules/text.json), which the web client's `checkedText`
/// (shared/text-rule.js) is held to as well, by `node --test`: the same names kept as the same text, the same
/// refused in the same words.
@Suite struct TextTwinRuleTests {
    struct Case: Decodable, CustomTestStringConvertible {
        let `case`: String
        let text: String
        let maximumLength: Int
        let refused: String?
        let kept: String?
        var testDescription: String { self.case }
    }

    static let cases: [Case] = {
        struct Table: Decodable { let cases: [Case] }
        let file = TwinRuleTables.file("text.json")
        return (try? Data(contentsOf: file)).flatMap { try? JSONDecoder().decode(Table.self, from: $0).cases } ?? []
    }()

    @Test func theTableIsRead() {
        #expect(Self.cases.count >= 15)
    }

    @Test(arguments: cases) func eachTextIsKeptOrRefusedAsTheTableSays(_ item: Case) {
        do throws(UserTextError) {
            let kept = try UserText.checked(item.text, as: "X", maximumLength: item.maximumLength)
            #expect(kept == item.kept, "refused where the table says: \(item.refused ?? "")")
        } catch {
            #expect(error.description == item.refused)
        }
    }
}
