import Fixtures

/// Where the fixture patch is kept between runs (a port; `imager serve` plugs in the SQLite library).
/// Blocking, like the library: called on the library's pool, never where the performance runs.
public protocol FixtureShelf: Sendable {
    /// The patch kept, and a line for each fixture that could not be read (left out of it).
    func fixturePatch() throws(LiveError) -> (patch: FixturePatch, problems: [String])
    /// Keeps `patch` in place of the one kept, whole or not at all.
    func keep(_ patch: FixturePatch) throws(LiveError)
}
