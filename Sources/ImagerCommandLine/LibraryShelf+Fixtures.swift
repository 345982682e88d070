import Engine
import Fixtures
import Library

/// The SQLite library as the fixture patch's shelf.
extension LibraryShelf: FixtureShelf {
    func fixturePatch() throws(LiveError) -> (patch: FixturePatch, problems: [String]) {
        do {
            let kept = try library.fixturePatch()
            return (kept.patch, kept.problems)
        } catch {
            throw LiveError(error)
        }
    }

    func keep(_ patch: FixturePatch) throws(LiveError) {
        do { try library.setFixturePatch(patch) } catch { throw LiveError(error) }
    }
}
