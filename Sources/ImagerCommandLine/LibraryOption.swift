import ArgumentParser
import Foundation
import Library

/// `--library PATH`, shared by every command that uses the chordset library.
struct LibraryOption: ParsableArguments {
    @Option(name: .customLong("library"), help: "The library file (default: $XDG_DATA_HOME/imager/library.sqlite).")
    var path: String?

    func open() throws(CommandFailure) -> ChordsetLibrary {
        do {
            return try ChordsetLibrary.open(at: LibraryLocation.resolve(path))
        } catch {
            throw CommandFailure(error.message)
        }
    }
}

extension CommandFailure {
    init(_ error: LibraryError) { self.init(error.message) }
}

/// Runs `body`, turning a library's refusal into the command line's one-line failure.
package func libraryCommand<T>(_ body: () throws(LibraryError) -> T) throws(CommandFailure) -> T {
    do { return try body() } catch { throw CommandFailure(error) }
}
