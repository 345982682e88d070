import Engine
import FixtureDefinitions
import Fixtures
import Foundation

/// The fixture definition folders as the fixtures' use case finds profiles (`FixtureProfileShelf`): QLC+'s on
/// the system, then the user's, where an imported one is kept.
struct DefinitionShelf: FixtureProfileShelf {
    let folders: FixtureDefinitionFolders

    func readAll() -> (profiles: [FixtureProfile], problems: [String]) {
        let reading = folders.read()
        let problems = reading.refused.map { "the fixture definition \($0.file) cannot be read: \($0.reason)" }
            + reading.leftOut.map { "a mode of the fixture definition \($0.file) is left out: \($0.reason)" }
        return (reading.profiles, problems)
    }

    func keep(_ definition: Data) throws(LiveError) -> FixtureProfile {
        do {
            return try folders.keep(definition)
        } catch let refusal as FixtureError {
            throw LiveError(.invalid, "the fixture definition cannot be read: \(refusal.description)")
        } catch {
            throw LiveError(.notSaved, "the fixture definition cannot be kept in \(folders.userFolder.path)", cause: error)
        }
    }
}
