import Foundation
import Instrument

/// What the console's chordset list asks of the library (a port; `imager serve` plugs in the SQLite
/// library): the chordsets in the performer's order and everything done to that list, the console's
/// preferences, and sharing by interchange file. Failures are `LiveError`s with the code that says what
/// kind they are (`notFound`, `invalid`, `full`, `notSaved`), and nothing is changed by a failure.
public protocol ChordsetCatalog: Sendable {
    /// Every chordset, whole, in the performer's order.
    func all() throws(LiveError) -> [Chordset]
    func chordset(_ id: UUID) throws(LiveError) -> Chordset
    /// A chordset of eight default chords at the end of the list.
    func add(title: String) throws(LiveError) -> Chordset
    func rename(_ id: UUID, to title: String) throws(LiveError) -> Chordset
    /// Moves a chordset to `index` (0-based, clamped) in the list.
    func move(_ id: UUID, to index: Int) throws(LiveError)
    /// A copy at the end of the list, its title made free ("Title (2)").
    func duplicate(_ id: UUID) throws(LiveError) -> Chordset
    /// Takes a chordset out of the list, keeping it for `undoSeconds` so that `restore` can bring it back.
    func delete(_ id: UUID) throws(LiveError)
    func restore(_ id: UUID) throws(LiveError) -> Chordset
    /// How long a deleted chordset can be restored.
    var undoSeconds: Int { get }
    /// Moves the chord at `from` to `to` (0…7), shifting those between.
    func moveChord(from: Int, to: Int, in id: UUID) throws(LiveError) -> Chordset
    /// Makes a chordset the current one (the one on the pads at the next start).
    func makeCurrent(_ id: UUID) throws(LiveError)
    /// The interchange file of one chordset.
    func export(_ id: UUID) throws(LiveError) -> Data
    /// Adds every chordset of an interchange file, validated whole first: all or nothing.
    func importFile(_ data: Data) throws(LiveError) -> [Chordset]
    /// Adds back the factory chordsets missing from the library; how many.
    func restoreFactoryChordsets() throws(LiveError) -> Int
    func preferences() throws(LiveError) -> ConsolePreferences
    /// Keeps the preferences `changes` sets, all checked before any is kept.
    func setPreferences(_ changes: ConsolePreferences.Changes) throws(LiveError) -> ConsolePreferences
}

/// Draws a chordset's thumbnails for the chordset list (a port; `imager serve` plugs in the Swift renderer, as
/// `imager render chordset` draws its contact sheets): the eight chords side by side, each 16:9, as one PNG.
/// Drawing takes a while and blocks: it is called on the background pool, never where the performance runs.
public protocol ChordThumbnails: Sendable {
    func sheet(of chordset: Chordset) throws -> [UInt8]
}

/// Where drawn thumbnail sheets are kept across restarts (a port; `imager serve` plugs in a cache folder
/// beside the library), by the key of what they show. Blocking, like the library.
public protocol ThumbnailShelf: Sendable {
    /// The sheet kept as `key`, if there is one.
    func sheet(_ key: String) -> [UInt8]?
    func keep(_ png: [UInt8], as key: String) throws
    /// Forgets every sheet but those of `keys`.
    func forget(allBut keys: Set<String>)
}
