// The library crash test's writer (Tests/python/test_library_crash.py): adds chordsets and stores chords in
// the library at argument 1, titled with the prefix at argument 2, printing each number once its transaction
// has committed, until it is killed. A test tool, not part of `imager`.
import Foundation
import Instrument
import Library

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: library-write-loop LIBRARY PREFIX\n".utf8))
    exit(2)
}
do {
    let library = try ChordsetLibrary.open(at: URL(fileURLWithPath: arguments[1]))
    for number in 0..<100_000 {
        let added = try library.add(title: "\(arguments[2]) \(number)")
        var chord = FactoryChordsets.prism[number % 8]
        chord.title = "stored \(number)"
        try library.store(chord, in: added.id)
        FileHandle.standardOutput.write(Data("\(number)\n".utf8))  // after the commit, unbuffered
    }
} catch {
    FileHandle.standardError.write(Data("library-write-loop: \(error)\n".utf8))
    exit(1)
}
