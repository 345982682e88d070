import ImagerCommandLine
import ArgumentParser
import Foundation
import Instrument
import Library

/// `imager-bench library`: opening and listing a large library, and storing a chord.
struct BenchLibraryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "library",
        abstract: "Time opening and listing a library of many chordsets, and storing a chord.",
        discussion: """
            Builds a library of --chordsets chordsets (8 chords each) in a temporary folder, then reports the \
            median and best of: opening it in a fresh process-like pool and listing it; storing a chord.
            """)

    @Option(help: "How many chordsets the library holds (1…10000).") var chordsets = 1000
    @Option(help: "Repetitions (1…1000).") var runs = 20

    func validate() throws {
        guard (1...10_000).contains(chordsets) else { throw ValidationError("--chordsets takes 1 to 10000") }
        guard (1...1000).contains(runs) else { throw ValidationError("--runs takes 1 to 1000") }
    }

    func run() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("imager-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let original = folder.appendingPathComponent("library.sqlite")
        let library = try ChordsetLibrary.open(at: original)
        let file = try libraryCommand { () throws(LibraryError) in try ChordsetFile.encode(Array(repeating: FactoryChordsets.lumia, count: 40)) }
        while try libraryCommand({ () throws(LibraryError) in try library.list().count }) < chordsets {
            _ = try libraryCommand { () throws(LibraryError) in try library.importFile(file) }
        }
        let clock = ContinuousClock()
        // Each run opens a copy not yet open in this process, so the pool is really made and read.
        var openSamples: [Double] = []
        for run in 0..<runs {
            let copy = folder.appendingPathComponent("copy-\(run).sqlite")
            try libraryCommand { () throws(LibraryError) in _ = try library.backup(to: copy) }
            ChordsetLibrary.forgetDecodedText()  // as a new process: nothing decoded yet
            let start = clock.now
            let count = try libraryCommand { () throws(LibraryError) in try ChordsetLibrary.open(at: copy).list().count }
            openSamples.append((clock.now - start).inSeconds)
            precondition(count >= chordsets)
        }
        let target = try libraryCommand { () throws(LibraryError) in try library.list()[chordsets / 2].id }
        var storeSamples: [Double] = []
        for run in 0..<max(runs, 50) {
            var chord = FactoryChordsets.lumia[run % 8]
            chord.title = "stored \(run)"
            let start = clock.now
            try libraryCommand { () throws(LibraryError) in try library.store(chord, in: target) }
            storeSamples.append((clock.now - start).inSeconds)
        }
        for (name, samples) in [("open-and-list-\(chordsets)", openSamples), ("store-chord", storeSamples)] {
            let sorted = samples.sorted()
            print("\(name) median \(FixedDecimals.format(sorted[sorted.count / 2] * 1000, decimals: 2)) ms, best \(FixedDecimals.format(sorted[0] * 1000, decimals: 2)) ms")
        }
    }
}
