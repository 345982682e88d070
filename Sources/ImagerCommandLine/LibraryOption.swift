import ArgumentParser
import Foundation
import Library

/// `--library PATH`, shared by every command that uses the chordset library.
struct LibraryOption: ParsableArguments {
    @Option(name: .customLong("library"), help: "The library file (default: $XDG_DATA_HOME/imager/library.sqlite).")
    var path: String?

    func open() throws(CommandFailure) -> ChordsetLibrary {
        let opened: ChordsetLibrary
        do {
            opened = try ChordsetLibrary.open(at: LibraryLocation.resolve(path))
        } catch {
            throw CommandFailure(error.message)
        }
        for note in opened.mendedNames { FileHandle.standardError.write(Data("imager: the library was mended: \(note)\n".utf8)) }
        return opened
    }
}

extension CommandFailure {
    init(_ error: LibraryError) { self.init(error.message) }
}

/// Runs `body`, turning a library's refusal into the command line's one-line failure.
package func libraryCommand<T>(_ body: () throws(LibraryError) -> T) throws(CommandFailure) -> T {
    do { return try body() } catch { throw CommandFailure(error) }
}
