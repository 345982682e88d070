import Foundation
import Instrument
import Library
import Engine

/// The SQLite chordset library as the live session's shelf: stored chords are written to it, and stepping
/// moves through its list (the chordset stepped to becomes the current one, as the console will show).
struct LibraryShelf: ChordsetShelf {
    let library: ChordsetLibrary

    func store(_ chord: Chord, in chordset: UUID) throws {
        try library.store(chord, in: chordset)
    }

    func keep(_ controls: PerformanceState.Controls) throws {
        try library.setPreference(.controls, to: controls)
    }

    func step(from chordset: UUID, by offset: Int) throws -> Chordset? {
        let list = try library.list()
        guard let index = list.firstIndex(where: { $0.id == chordset }) else {
            // Playing a chordset that is not in the library (it was deleted meanwhile): start from the top.
            return try list.first.map { try library.chordset(id: $0.id) }
        }
        guard list.indices.contains(index + offset) else { return nil }
        let next = try library.chordset(id: list[index + offset].id)
        try library.setCurrentChordset(index: index + offset)
        return next
    }
}

extension LibraryShelf: ChordsetCatalog {
    var undoSeconds: Int { Int(ChordsetLibrary.undoWindow) }

    func all() throws(LiveError) -> [Chordset] { try refused { () throws(LibraryError) in try library.allChordsets() } }

    func chordset(_ id: UUID) throws(LiveError) -> Chordset { try refused { () throws(LibraryError) in try library.chordset(id: id) } }

    func add(title: String) throws(LiveError) -> Chordset { try refused { () throws(LibraryError) in try library.add(title: title) } }

    func rename(_ id: UUID, to title: String) throws(LiveError) -> Chordset {
        try refused { () throws(LibraryError) in
            try library.rename(id, to: title)
            return try library.chordset(id: id)
        }
    }

    func move(_ id: UUID, to index: Int) throws(LiveError) { try refused { () throws(LibraryError) in try library.move(id, to: index) } }

    func duplicate(_ id: UUID) throws(LiveError) -> Chordset { try refused { () throws(LibraryError) in try library.duplicate(id) } }

    func delete(_ id: UUID) throws(LiveError) { try refused { () throws(LibraryError) in try library.delete(id) } }

    func restore(_ id: UUID) throws(LiveError) -> Chordset { try refused { () throws(LibraryError) in try library.restore(id) } }

    func moveChord(from: Int, to: Int, in id: UUID) throws(LiveError) -> Chordset {
        try refused { () throws(LibraryError) in try library.moveChord(from: from, to: to, in: id) }
    }

    func makeCurrent(_ id: UUID) throws(LiveError) {
        try refused { () throws(LibraryError) in
            guard let index = try library.list().firstIndex(where: { $0.id == id }) else {
                throw LibraryError(.notFound, "there is no chordset with id \(id.uuidString) in the library")
            }
            try library.setCurrentChordset(index: index)
        }
    }

    func export(_ id: UUID) throws(LiveError) -> Data { try refused { () throws(LibraryError) in try library.export(id) } }

    func importFile(_ data: Data) throws(LiveError) -> [Chordset] { try refused { () throws(LibraryError) in try library.importFile(data) } }

    func restoreFactoryChordsets() throws(LiveError) -> Int {
        try refused { () throws(LibraryError) in try library.restoreFactoryChordsets() }
    }

    func preferences() throws(LiveError) -> ConsolePreferences {
        let panels = library.preferenceOrDefault(.panelVisibility), tempo = library.preferenceOrDefault(.tempo)
        let outputSize = library.preferenceOrDefault(.outputSize), midiMappings = library.preferenceOrDefault(.midiMappings)
        let oscOut = library.preferenceOrDefault(.oscOut)
        let dmx = library.preferenceOrDefault(.dmx)
        let controls = library.preferenceOrDefault(.controls)
        return ConsolePreferences(
            panels: panels.value, tempo: tempo.value, outputSize: outputSize.value, midiMappings: midiMappings.value, oscOut: oscOut.value,
            dmx: dmx.value,
            problems: [panels.problem, tempo.problem, outputSize.problem, midiMappings.problem, oscOut.problem, dmx.problem, controls.problem]
                .compactMap { $0 })
    }

    func setPreferences(_ changes: ConsolePreferences.Changes) throws(LiveError) -> ConsolePreferences {
        try refused { () throws(LibraryError) in
            try library.setPreferences(
                panelVisibility: changes.panels, tempo: changes.tempo, outputSize: changes.outputSize, midiMappings: changes.midiMappings,
                oscOut: changes.oscOut, dmx: changes.dmx)
        }
        return try preferences()
    }

    /// The library's failure as the live session's.
    private func refused<T>(_ body: () throws(LibraryError) -> T) throws(LiveError) -> T {
        do { return try body() } catch { throw LiveError(error) }
    }
}

extension LiveError {
    /// The library's failure as the live session's, with the code that says what kind it is.
    init(_ error: LibraryError) {
        let code: LiveError.Code =
            switch error.code {
            case .notFound: .notFound
            case .invalid, .unreadableFile: .invalid
            case .full: .full
            default: .notSaved
            }
        self.init(code, error.message)
    }
}
