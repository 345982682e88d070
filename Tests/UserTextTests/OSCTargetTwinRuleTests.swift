import Foundation
import Testing
import UserText
import TestSupport

/// A network target's rule (Tests/fixtures/twin-rules/osc-targets.json), which the Preferences panel's
/// `readTarget` (console/preferences/osc-out-model.js) is held to as well, by `node --test`: the same targets
/// kept as the same text — text the preferences' `oscOut` keeps as it is — the same refused in the same words.
@Suite struct OSCTargetTwinRuleTests {
    struct Case: Decodable, CustomTestStringConvertible {
        let `case`: String
        let text: String
        let kept: String?
        let refused: String?
        var testDescription: String { self.case }
    }

    static let cases: [Case] = {
        struct Table: Decodable { let cases: [Case] }
        let file = TwinRuleTables.file("osc-targets.json")
        return (try? Data(contentsOf: file)).flatMap { try? JSONDecoder().decode(Table.self, from: $0).cases } ?? []
    }()

    @Test func theTableIsRead() {
        #expect(Self.cases.count >= 30)
    }

    @Test(arguments: cases) func eachTargetIsKeptOrRefusedAsTheTableSays(_ item: Case) {
        let target: NetworkTarget
        do throws(UserTextError) { target = try NetworkTarget(item.text) } catch {
            #expect(error.description == item.refused)
            return
        }
        #expect(target.description == item.kept, "kept, where the table says: \(item.refused ?? "")")
        #expect((try? NetworkTarget(target.description))?.description == target.description, "kept as it is written")
    }
}
