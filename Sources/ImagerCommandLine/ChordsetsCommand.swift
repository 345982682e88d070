import ArgumentParser
import Foundation
import ImageFiles
import Instrument
import Library

/// `imager chordsets`: the performer's chordset list — list, share, rename, reorder, delete.
struct ChordsetsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chordsets",
        abstract: "Manage the chordset library: list, add, rename, move, headroom, polyphony, duplicate, delete, export, import.",
        subcommands: [
            List.self, Add.self, Rename.self, Move.self, Headroom.self, Polyphony.self, Duplicate.self, Delete.self, Export.self, Import.self,
        ])

    /// One line per chordset: its number (from 1), then its title.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the chordsets: number (from 1), then title.")
        @OptionGroup var library: LibraryOption

        func run() throws {
            let opened = try library.open()
            for chordset in try libraryCommand({ () throws(LibraryError) in try opened.list() }) {
                print("\(chordset.number)\t\(chordset.title)")
            }
        }
    }

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add a chordset of eight empty chords at the end.")
        @OptionGroup var library: LibraryOption
        @Argument(help: "Its title (1…200 characters).") var title: String

        func run() throws {
            let opened = try library.open()
            let added = try libraryCommand { () throws(LibraryError) in try opened.add(title: title) }
            print("\(added.index + 1)\t\(added.title)")
        }
    }

    struct Rename: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Rename a chordset.")
        @OptionGroup var library: LibraryOption
        @Argument(help: "The chordset: its number (from 1) or title.") var chordset: String
        @Argument(help: "The new title (1…200 characters).") var title: String

        func run() throws {
            let opened = try library.open()
            _ = try libraryCommand { () throws(LibraryError) in try opened.rename(try opened.chordset(named: chordset).id, to: title) }
        }
    }

    struct Move: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Move a chordset to another place in the list.")
        @OptionGroup var library: LibraryOption
        @Argument(help: "The chordset: its number (from 1) or title.") var chordset: String
        @Argument(help: "Its new number in the list (from 1).") var number: Int

        func run() throws {
            let opened = try library.open()
            try libraryCommand { () throws(LibraryError) in try opened.move(try opened.chordset(named: chordset).id, to: number - 1) }
        }
    }

    struct Headroom: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Set how strongly a chordset keeps a full stage from burning out to white.",
            discussion: """
                STRENGTH is 0 (off: additive light and trails may clip to white) to 1 (the output stage's full \
                strength), taken up by the performance when the chordset is loaded; `none` lets the chordset \
                leave the performer's setting as it is (docs/model.md, "Headroom").
                """)
        @OptionGroup var library: LibraryOption
        @Argument(help: "The chordset: its number (from 1) or title.") var chordset: String
        @Argument(help: "0…1, or none.") var strength: String

        func run() throws {
            let value = strength == "none" ? nil : try NumberArgument.fraction(strength, "STRENGTH")
            let opened = try library.open()
            try libraryCommand { () throws(LibraryError) in try opened.setHeadroom(value, of: try opened.chordset(named: chordset).id) }
        }
    }

    struct Polyphony: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Set how many of a chord's releases may sound at once.",
            discussion: """
                COUNT is 1 to 16: played again past it, the chord retriggers — its oldest release still sounding \
                fades out over 80 ms — instead of piling up; onsets releasing the chord keep to it too. \
                `none` leaves only the performance's polyphony (docs/model.md, "Polyphony").
                """)
        @OptionGroup var library: LibraryOption
        @Argument(help: "The chordset: its number (from 1) or title.") var chordset: String
        @Argument(help: "The chord: 1…8.") var chord: String
        @Argument(help: "1…16, or none.") var count: String

        func run() throws {
            let position = try NumberArgument.integer(chord, "CHORD", in: 1...Chordset.chordCount) - 1
            let limit = count == "none" ? nil : try NumberArgument.integer(count, "COUNT", in: Chord.polyphonyRange)
            let opened = try library.open()
            try libraryCommand { () throws(LibraryError) in
                let id = try opened.chordset(named: chordset).id
                var stored = try opened.recall(position, in: id)
                stored.polyphony = limit
                try opened.store(stored, in: id)
            }
        }
    }

    struct Duplicate: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Copy a chordset (its title followed by \" (2)\").")
        @OptionGroup var library: LibraryOption
        @Argument(help: "The chordset: its number (from 1) or title.") var chordset: String

        func run() throws {
            let opened = try library.open()
            let copy = try libraryCommand { () throws(LibraryError) in try opened.duplicate(try opened.chordset(named: chordset).id) }
            print("\(copy.index + 1)\t\(copy.title)")
        }
    }

    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete a chordset and its chords.",
            discussion: "The console can bring it back for a minute (its Undo); after that it is gone.")
        @OptionGroup var library: LibraryOption
        @Argument(help: "The chordset: its number (from 1) or title.") var chordset: String

        func run() throws {
            let opened = try library.open()
            try libraryCommand { () throws(LibraryError) in try opened.delete(try opened.chordset(named: chordset).id) }
        }
    }

    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Write a chordset to a file to share (docs/chordset-file.md).")
        @OptionGroup var library: LibraryOption
        @Argument(help: "The chordset: its number (from 1) or title.") var chordset: String
        @Option(name: .shortAndLong, help: "The file to write.") var output: String

        func run() throws {
            let opened = try library.open()
            let data = try libraryCommand { () throws(LibraryError) in try opened.export(try opened.chordset(named: chordset).id) }
            do {
                try AtomicFile.write(Array(data), to: URL(fileURLWithPath: output))
            } catch {
                throw CommandFailure(error.message)
            }
        }
    }

    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add the chordsets of one or more files; each file is checked whole before anything is written.")
        @OptionGroup var library: LibraryOption
        @Argument(help: "Chordset files.") var files: [String]

        func validate() throws {
            guard !files.isEmpty else { throw ValidationError("name at least one chordset file") }
        }

        func run() throws {
            let opened = try library.open()
            for file in files {
                let url = URL(fileURLWithPath: file)
                let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? nil  // answered on the next line
                guard let size else { throw CommandFailure("cannot read \(file): no such file") }
                guard size <= ChordsetFile.maximumBytes else {
                    throw CommandFailure("\(file) is \(size) bytes; chordset files of up to 16 MB are read")
                }
                let data: Data
                do { data = try Data(contentsOf: url) } catch { throw CommandFailure("cannot read \(file): \(error.localizedDescription)") }
                let stored: [Chordset]
                do {
                    stored = try opened.importFile(data)
                } catch {
                    throw CommandFailure("\(file): \(error.message)")
                }
                for chordset in stored { print("\(chordset.index + 1)\t\(chordset.title)") }
            }
        }
    }
}

/// `imager library`: the library file itself.
struct LibraryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "library", abstract: "The library file: consistent backups, and its damaged records found and mended.",
        subcommands: [Backup.self, Check.self])

    struct Backup: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write a consistent copy of the library (SQLite's backup API; safe while the instrument writes).")
        @OptionGroup var library: LibraryOption
        @Option(name: .shortAndLong, help: "The backup file to write.") var output: String

        func run() throws {
            let opened = try library.open()
            try libraryCommand { () throws(LibraryError) in _ = try opened.backup(to: URL(fileURLWithPath: output)) }
        }
    }
}
