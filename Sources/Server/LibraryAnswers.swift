import Engine
import Foundation

/// The chordset library's answers as the API writes them (docs/library-api.md).
enum LibraryAnswers {
    /// `GET /api/chordsets`: the list, which chordset plays, the library's revision, and the chordsets it
    /// holds but cannot read.
    struct Listing: Encodable {
        let revision: Int
        let current: UUID
        let chordsets: [Chordset]
        let damaged: [DamagedRecord]

        init(_ listing: ChordsetListing, damaged: [DamagedRecord]) {
            revision = listing.revision
            current = listing.current
            chordsets = listing.chordsets.map(Chordset.init)
            self.damaged = damaged
        }
    }

    /// One chordset of the list: each chord's colour, and the address of its eight thumbnails once drawn.
    struct Chordset: Encodable {
        struct Chord: Encodable {
            let number: Int
            let color: String
        }
        let id: UUID
        let number: Int
        let title: String
        let headroom: Double?
        let chords: [Chord]
        let thumbnails: String?

        init(_ chordset: ChordsetListing.ListedChordset) {
            id = chordset.id
            number = chordset.number
            title = chordset.title
            headroom = chordset.headroom
            chords = chordset.chords.map { Chord(number: $0.number, color: $0.color.hex) }
            thumbnails = chordset.thumbnails.map { "/api/chordsets/\(chordset.id.uuidString)/thumbnails.png?v=\($0)" }
        }

        enum CodingKeys: CodingKey { case id, number, title, headroom, chords, thumbnails }

        // Nothing left out: what is not there is null.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(number, forKey: .number)
            try container.encode(title, forKey: .title)
            try container.encode(headroom, forKey: .headroom)
            try container.encode(chords, forKey: .chords)
            try container.encode(thumbnails, forKey: .thumbnails)
        }
    }

    /// A chordset changed, added or restored.
    struct One: Encodable {
        let chordset: Chordset?

        init(_ chordset: ChordsetListing.ListedChordset?) { self.chordset = chordset.map(Chordset.init) }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(chordset, forKey: .chordset)
        }
        enum CodingKeys: CodingKey { case chordset }
    }

    struct Imported: Encodable { let imported: [Chordset] }
    struct Deleted: Encodable {
        let deleted: UUID
        let undoSeconds: Int
    }
    struct Restored: Encodable { let restored: Int }
    struct PairingAnswer: Encodable {
        let lan: Bool
        let canvas: String
        let qr: String?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(lan, forKey: .lan)
            try container.encode(canvas, forKey: .canvas)
            try container.encode(qr, forKey: .qr)
        }
        enum CodingKeys: CodingKey { case lan, canvas, qr }
    }
}
