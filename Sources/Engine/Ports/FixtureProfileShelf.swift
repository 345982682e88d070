import Fixtures
import Foundation

/// Where fixture profiles come from (a port; `imager serve` plugs in the definition folders: QLC+'s on the
/// system, then the user's). Blocking: read once in the background at start, an import on the library's pool.
public protocol FixtureProfileShelf: Sendable {
    /// Every profile the definitions give, and a line for each definition (or mode) that could not be read.
    func readAll() -> (profiles: [FixtureProfile], problems: [String])
    /// Keeps `definition` (a `.qxf`'s bytes) once it reads as a profile, where the next start reads it too; the
    /// profile, or why it cannot be (`LiveError.invalid` for a definition refused).
    func keep(_ definition: Data) throws(LiveError) -> FixtureProfile
}
