import ArgumentParser
import Foundation
import Library

extension LibraryCommand {
    /// `imager library check`: the records of the library that cannot be read as they are, with why, and
    /// their repair — a new name, or deletion — one at a time.
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the library's damaged records (set aside so everything else plays); mend one with --rename or --delete.",
            discussion: """
                Each damaged record is printed as KIND:KEY, its name and why it cannot be read (nothing is printed \
                when the library is sound). KIND is chordset, sound, part, voice, partChild, voiceChild, score, pair, \
                mutedCell or composition.
                  imager library check
                  imager library check --rename part:12 --to "Verse"
                  imager library check --delete pair:12-15
                """)
        @OptionGroup var library: LibraryOption
        @Option(help: "The damaged record (KIND:KEY, as listed) to give the name --to.") var rename: String?
        @Option(help: "The new name for --rename.") var to: String?
        @Option(help: "The damaged record (KIND:KEY, as listed) to delete for good.") var delete: String?

        func validate() throws {
            guard rename == nil || delete == nil else { throw ValidationError("mend one record at a time: --rename or --delete") }
            guard (rename == nil) == (to == nil) else { throw ValidationError("--rename KIND:KEY goes with --to NAME") }
        }

        func run() throws {
            let opened = try library.open()
            try libraryCommand { () throws(LibraryError) in
                if let rename, let to {
                    let (kind, key) = try Self.record(rename)
                    try opened.renameDamaged(kind, key, to: to)
                } else if let delete {
                    let (kind, key) = try Self.record(delete)
                    try opened.deleteDamaged(kind, key)
                }
                for record in try opened.damage() {
                    print("\(record.kind.rawValue):\(record.key)\t\(record.name.map { "\"\($0)\"" } ?? "-")\t\(record.reason)")
                }
            }
        }

        /// KIND:KEY as a kind and a key.
        static func record(_ text: String) throws(LibraryError) -> (LibraryDamage.Kind, String) {
            let pieces = text.split(separator: ":", maxSplits: 1).map(String.init)
            guard pieces.count == 2, let kind = LibraryDamage.Kind(rawValue: pieces[0]) else {
                throw LibraryError(.invalid, "name a record as KIND:KEY, as `imager library check` lists them (KIND is one of "
                    + LibraryDamage.Kind.allCases.map(\.rawValue).joined(separator: ", ") + "), not \(text)")
            }
            return (kind, pieces[1])
        }
    }
}
