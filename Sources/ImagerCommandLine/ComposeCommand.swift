import ArgumentParser
import Composition
import Foundation
import ImageFiles
import Library

/// `imager compose`: the compositions in the library (seed 003's HAIL) — list, show, share, delete, render.
struct ComposeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compose",
        abstract: "Manage and render compositions: list, show, import, export, delete, render, light and tempo from sound.",
        discussion: "A composition is a part (time) and a voice (sounds and lights) of the music library (docs/composition.md).",
        subcommands: [
            List.self, Show.self, Export.self, Import.self, Delete.self, ComposeRenderCommand.self, LightFromSoundCommand.self,
            TempoFromSoundCommand.self,
        ])

    /// One line per composition: its number (from 1), its name, how long it lasts.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the compositions: number (from 1), name, length.")
        @OptionGroup var library: LibraryOption

        func run() throws {
            let opened = try library.open()
            let music = try libraryCommand { () throws(LibraryError) in try opened.musicLibrary() }
            for (index, composition) in music.compositions.values.sorted(by: { $0.name.lowercased() < $1.name.lowercased() }).enumerated() {
                let seconds = (try? music.duration(of: composition.pair.part)) ?? 0  // a composition's part is always there
                print("\(index + 1)\t\(composition.name)\t\(FixedDecimals.format(seconds, decimals: 1)) s")
            }
        }
    }

    /// A composition's two hierarchies, with what each atomic voice plays and how many events each pair holds.
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show a composition: its parts, its voices and their scores.")
        @OptionGroup var library: LibraryOption
        @Argument(help: "The composition: its number (from 1) or name.") var composition: String

        func run() throws {
            let opened = try library.open()
            let (music, chosen) = try libraryCommand { () throws(LibraryError) in
                (try opened.musicLibrary(), try opened.composition(named: composition))
            }
            print(CompositionOutline(library: music, composition: chosen).text, terminator: "")
        }
    }

    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write a composition, with its audio, to a file to share (docs/composition.md).")
        @OptionGroup var library: LibraryOption
        @Argument(help: "The composition: its number (from 1) or name.") var composition: String
        @Option(name: .shortAndLong, help: "The file to write.") var output: String

        func run() throws {
            let opened = try library.open()
            let data = try libraryCommand { () throws(LibraryError) in
                try opened.exportComposition(try opened.composition(named: composition).id)
            }
            do {
                try AtomicFile.write(Array(data), to: URL(fileURLWithPath: output))
            } catch {
                throw CommandFailure(error.message)
            }
        }
    }

    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add the composition of a file; the file is checked whole, its audio included, before anything is written.")
        @OptionGroup var library: LibraryOption
        @Argument(help: "A composition file.") var file: String
        @Option(name: .customLong("as"), help: "The name it takes in the library (default: its own).") var name: String?

        func run() throws {
            let data = try InputFile.contents(of: file, limit: CompositionFile.maximumBytes)
            let opened = try library.open()
            let stored: Composition
            do {
                stored = try opened.importComposition(data, as: name)
            } catch {
                throw CommandFailure("\(file): \(error.message)")
            }
            print(stored.name)
        }
    }

    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete a composition, with the parts, voices, scores and sounds only it used.")
        @OptionGroup var library: LibraryOption
        @Argument(help: "The composition: its number (from 1) or name.") var composition: String

        func run() throws {
            let opened = try library.open()
            try libraryCommand { () throws(LibraryError) in
                let id = try opened.composition(named: composition).id
                try opened.changeMusic { music, _ in try music.delete(composition: id, withWhatOnlyItUses: true) }
            }
        }
    }
}
