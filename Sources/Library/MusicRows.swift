import Composition
import Foundation
import GRDB
import UserText

/// The music library's tables (migration v4) read into `MusicLibraryContents` and written from them. Reading
/// takes every row by itself — a row that cannot be read is set aside, never the whole library — and writing
/// changes only the rows an edit changed, in the caller's transaction, so that what reading set aside stays
/// on disk as it was. Names go in and come out byte for byte (`StoredText`).
enum MusicRows {
    /// Scores' events, decoded once for each text a row holds.
    static let decodedEvents = DecodedJSON<[ScoreEvent]>(limit: 4096)

    /// The contents the rows hold, and the rows that could not be read at all (a value of the wrong type).
    static func fetchContents(_ db: Database) throws -> (contents: MusicLibraryContents, unreadable: [LibraryDamage]) {
        var contents = MusicLibraryContents()
        var unreadable: [LibraryDamage] = []
        func each<T>(_ kind: LibraryDamage.Kind, _ sql: String, _ make: (Row) throws -> T) throws -> [T] {
            try Row.fetchAll(db, sql: sql).compactMap { row in
                do { return try make(row) } catch {
                    let rowid: Int64 = (try? row.decode(forColumn: "rowKey")) ?? 0  // the row is set aside below all the same
                    // A record's number is its row's; a link's row is named by its rowid.
                    let key = [.pair, .mutedCell, .partChild, .voiceChild].contains(kind) ? "row\(rowid)" : String(rowid)
                    unreadable.append(LibraryDamage(kind: kind, key: key, name: nil, reason: "the row cannot be read: \(error)"))
                    return nil
                }
            }
        }
        let last = try String.fetchOne(db, sql: "SELECT value FROM libraryInfo WHERE key = 'musicLastIdentifier'")
        contents.lastIdentifier = last.flatMap { Int64($0) } ?? 0
        contents.sounds = try each(.sound, "SELECT rowid AS rowKey, id, CAST(name AS BLOB) AS name, sampleRate, channelCount, frameCount FROM musicSound WHERE retired = 0 ORDER BY id") {
            .init(id: try $0.decode(forColumn: "id"), name: try $0.storedText("name"), sampleRate: try $0.decode(forColumn: "sampleRate"),
                  channelCount: try $0.decode(forColumn: "channelCount"), frameCount: try $0.decode(forColumn: "frameCount"))
        }
        let partChildren = try children(of: "musicPart", .partChild, db, each)
        contents.parts = try each(.part, "SELECT rowid AS rowKey, id, CAST(name AS BLOB) AS name, length, tempo FROM musicPart ORDER BY id") {
            let id: Int64 = try $0.decode(forColumn: "id")
            return .init(id: id, name: try $0.storedText("name"), length: try $0.decode(forColumn: "length"), tempo: try $0.decode(forColumn: "tempo"),
                         children: partChildren[id] ?? [])
        }
        let voiceChildren = try children(of: "musicVoice", .voiceChild, db, each)
        contents.voices = try each(.voice, "SELECT rowid AS rowKey, id, CAST(name AS BLOB) AS name, soundId, chordsetId, chord FROM musicVoice ORDER BY id") {
            let id: Int64 = try $0.decode(forColumn: "id")
            return .init(id: id, name: try $0.storedText("name"), sound: try $0.decode(forColumn: "soundId"), chordset: try $0.decode(forColumn: "chordsetId"),
                         chord: try $0.decode(forColumn: "chord"), children: voiceChildren[id] ?? [])
        }
        contents.scores = try each(.score, "SELECT rowid AS rowKey, id, events FROM musicScore ORDER BY id") { row in
            .init(id: try row.decode(forColumn: "id"), events: try decodedEvents.value(of: try row.decode(forColumn: "events")))
        }
        contents.pairs = try each(.pair, "SELECT rowid AS rowKey, partId, voiceId, scoreId FROM musicPair ORDER BY partId, voiceId") {
            .init(part: try $0.decode(forColumn: "partId"), voice: try $0.decode(forColumn: "voiceId"), score: try $0.decode(forColumn: "scoreId"))
        }
        contents.mutedCells = try each(.mutedCell, "SELECT rowid AS rowKey, partId, voiceId, columnPlace, rowPlace FROM musicMutedCell ORDER BY rowid") {
            .init(part: try $0.decode(forColumn: "partId"), voice: try $0.decode(forColumn: "voiceId"), column: try $0.decode(forColumn: "columnPlace"),
                  row: try $0.decode(forColumn: "rowPlace"))
        }
        contents.compositions = try each(.composition, "SELECT rowid AS rowKey, id, CAST(name AS BLOB) AS name, partId, voiceId FROM composition ORDER BY id") {
            .init(id: try $0.decode(forColumn: "id"), name: try $0.storedText("name"), part: try $0.decode(forColumn: "partId"),
                  voice: try $0.decode(forColumn: "voiceId"))
        }
        return (contents, unreadable)
    }

    private static func children(
        of table: String, _ kind: LibraryDamage.Kind, _ db: Database,
        _ each: (LibraryDamage.Kind, String, (Row) throws -> (Int64, MusicLibraryContents.ChildRecord)) throws -> [(Int64, MusicLibraryContents.ChildRecord)]
    ) throws -> [Int64: [MusicLibraryContents.ChildRecord]] {
        var children: [Int64: [MusicLibraryContents.ChildRecord]] = [:]
        for (parent, child) in try each(kind, "SELECT rowid AS rowKey, parentId, place, childId FROM \(table)Child ORDER BY parentId, position", { row in
            (try row.decode(forColumn: "parentId"), .init(place: try row.decode(forColumn: "place"), node: try row.decode(forColumn: "childId")))
        }) {
            children[parent, default: []].append(child)
        }
        return children
    }

    // MARK: - Writing what changed

    /// Writes what differs between `old` (what was read) and `new`: rows of records gone are deleted, rows
    /// of new records inserted, rows of changed records updated. `newSounds` are the files of sounds not
    /// stored yet. Rows that reading set aside are in neither, and are left as they are.
    static func write(_ new: MusicLibraryContents, over old: MusicLibraryContents, newSounds: [Int64: [UInt8]], _ db: Database) throws {
        let changes = Changes(old: old, new: new, newSounds: newSounds, db: db)
        // First what refers to others goes, then what they referred to; then what is new or changed, each
        // before what refers to it.
        try changes.deleteWhatWent()
        try changes.writeSounds()
        try changes.writePartsAndVoices()
        try changes.writeScoresAndPairs()
        try changes.writeCellsAndCompositions()
        try changes.setAsideSoundsTakenOut()
        if new.lastIdentifier != old.lastIdentifier {
            try db.execute(sql: "INSERT OR REPLACE INTO libraryInfo (key, value) VALUES ('musicLastIdentifier', ?)", arguments: [String(new.lastIdentifier)])
        }
    }

    /// The records of the library before and after, keyed as their rows are, and the steps that write what changed.
    private struct Changes {
        let old: MusicLibraryContents, new: MusicLibraryContents
        let newSounds: [Int64: [UInt8]]
        let db: Database
        let oldCompositions: [Int64: MusicLibraryContents.CompositionRecord], newCompositions: [Int64: MusicLibraryContents.CompositionRecord]
        let oldCells: Set<MusicLibraryContents.MutedCellRecord>, newCells: Set<MusicLibraryContents.MutedCellRecord>
        let oldPairs: [PairKey: MusicLibraryContents.PairRecord], newPairs: [PairKey: MusicLibraryContents.PairRecord]
        let oldScores: [Int64: MusicLibraryContents.ScoreRecord], newScores: [Int64: MusicLibraryContents.ScoreRecord]
        let oldParts: [Int64: MusicLibraryContents.PartRecord], newParts: [Int64: MusicLibraryContents.PartRecord]
        let oldVoices: [Int64: MusicLibraryContents.VoiceRecord], newVoices: [Int64: MusicLibraryContents.VoiceRecord]
        let oldSounds: [Int64: MusicLibraryContents.SoundRecord], newSoundRecords: [Int64: MusicLibraryContents.SoundRecord]

        init(old: MusicLibraryContents, new: MusicLibraryContents, newSounds: [Int64: [UInt8]], db: Database) {
            (self.old, self.new, self.newSounds, self.db) = (old, new, newSounds, db)
            (oldCompositions, newCompositions) = (keyed(old.compositions, \.id), keyed(new.compositions, \.id))
            (oldCells, newCells) = (Set(old.mutedCells), Set(new.mutedCells))
            (oldPairs, newPairs) = (keyed(old.pairs) { PairKey(part: $0.part, voice: $0.voice) }, keyed(new.pairs) { PairKey(part: $0.part, voice: $0.voice) })
            (oldScores, newScores) = (keyed(old.scores, \.id), keyed(new.scores, \.id))
            (oldParts, newParts) = (keyed(old.parts, \.id), keyed(new.parts, \.id))
            (oldVoices, newVoices) = (keyed(old.voices, \.id), keyed(new.voices, \.id))
            (oldSounds, newSoundRecords) = (keyed(old.sounds, \.id), keyed(new.sounds, \.id))
        }

        /// Compositions, muted cells, pairs, children, parts and voices gone or changed: what refers first.
        func deleteWhatWent() throws {
            for (id, record) in oldCompositions where newCompositions[id] != record {
                try db.execute(sql: "DELETE FROM composition WHERE id = ?", arguments: [id])
            }
            for cell in oldCells.subtracting(newCells) {
                try db.execute(
                    sql: "DELETE FROM musicMutedCell WHERE partId = ? AND voiceId = ? AND columnPlace = ? AND rowPlace IS ?",
                    arguments: [cell.part, cell.voice, cell.column, cell.row])
            }
            for (key, _) in oldPairs where newPairs[key] == nil {
                try db.execute(sql: "DELETE FROM musicPair WHERE partId = ? AND voiceId = ?", arguments: [key.part, key.voice])
            }
            try deleteChangedChildren(of: old.parts, new: newParts, table: "musicPart", db)
            try deleteChangedChildren(of: old.voices, new: newVoices, table: "musicVoice", db)
            for id in oldParts.keys where newParts[id] == nil { try db.execute(sql: "DELETE FROM musicPart WHERE id = ?", arguments: [id]) }
            for id in oldVoices.keys where newVoices[id] == nil { try db.execute(sql: "DELETE FROM musicVoice WHERE id = ?", arguments: [id]) }
        }

        /// Sounds new (with their files), brought back by undo or redo (their rows set aside), or renamed.
        func writeSounds() throws {
            for (id, sound) in newSoundRecords {
                if let file = newSounds[id], oldSounds[id] != nil {
                    try db.execute(
                        sql: "UPDATE musicSound SET name = CAST(? AS TEXT), sampleRate = ?, channelCount = ?, frameCount = ?, file = ? WHERE id = ?",
                        arguments: [StoredText(sound.name), sound.sampleRate, sound.channelCount, sound.frameCount, Data(file), id])
                } else if let file = newSounds[id] {
                    // A sound set aside earlier under the same id (undo gave the id back) gives way to the new one.
                    try db.execute(sql: "DELETE FROM musicSound WHERE id = ? AND retired = 1", arguments: [id])
                    try db.execute(
                        sql: "INSERT INTO musicSound (id, name, sampleRate, channelCount, frameCount, file) VALUES (?, CAST(? AS TEXT), ?, ?, ?, ?)",
                        arguments: [id, StoredText(sound.name), sound.sampleRate, sound.channelCount, sound.frameCount, Data(file)])
                } else if oldSounds[id] == nil {
                    // Brought back by undo or redo: its row was set aside, not deleted.
                    try db.execute(
                        sql: "UPDATE musicSound SET retired = 0, name = CAST(? AS TEXT) WHERE id = ? AND retired = 1",
                        arguments: [StoredText(sound.name), id])
                    guard db.changesCount == 1 else { throw LibraryError(.invalid, "the file of the sound \(sound.name) is missing") }
                } else if oldSounds[id]?.name != sound.name {
                    try db.execute(sql: "UPDATE musicSound SET name = CAST(? AS TEXT) WHERE id = ?", arguments: [StoredText(sound.name), id])
                }
            }
        }

        /// Parts and voices new or changed, then their children. Rows that stay are updated, never replaced: a
        /// replaced row would take its links with it.
        func writePartsAndVoices() throws {
            for (id, part) in newParts {
                let arguments: StatementArguments = [StoredText(part.name), part.length, part.tempo, id]
                if let was = oldParts[id] {
                    guard (was.name, was.length, was.tempo) != (part.name, part.length, part.tempo) else { continue }
                    try db.execute(sql: "UPDATE musicPart SET name = CAST(? AS TEXT), length = ?, tempo = ? WHERE id = ?", arguments: arguments)
                } else {
                    try db.execute(sql: "INSERT INTO musicPart (name, length, tempo, id) VALUES (CAST(? AS TEXT), ?, ?, ?)", arguments: arguments)
                }
            }
            for (id, voice) in newVoices {
                let arguments: StatementArguments = [StoredText(voice.name), voice.sound, voice.chordset, voice.chord, id]
                if let was = oldVoices[id] {
                    guard (was.name, was.sound, was.chordset, was.chord) != (voice.name, voice.sound, voice.chordset, voice.chord) else { continue }
                    try db.execute(sql: "UPDATE musicVoice SET name = CAST(? AS TEXT), soundId = ?, chordsetId = ?, chord = ? WHERE id = ?", arguments: arguments)
                } else {
                    try db.execute(sql: "INSERT INTO musicVoice (name, soundId, chordsetId, chord, id) VALUES (CAST(? AS TEXT), ?, ?, ?, ?)", arguments: arguments)
                }
            }
            try insertChangedChildren(of: new.parts, old: oldParts, table: "musicPart", db)
            try insertChangedChildren(of: new.voices, old: oldVoices, table: "musicVoice", db)
        }

        /// Scores new or changed, the pairs that point at them, and scores no pair keeps any more.
        func writeScoresAndPairs() throws {
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            for (id, score) in newScores where oldScores[id] != score {
                let arguments: StatementArguments = [String(decoding: try encoder.encode(score.events), as: UTF8.self), id]
                let sql = oldScores[id] == nil ? "INSERT INTO musicScore (events, id) VALUES (?, ?)" : "UPDATE musicScore SET events = ? WHERE id = ?"
                try db.execute(sql: sql, arguments: arguments)
            }
            for (key, pair) in newPairs where oldPairs[key] != pair {
                if oldPairs[key] == nil {
                    try db.execute(sql: "INSERT INTO musicPair (partId, voiceId, scoreId) VALUES (?, ?, ?)", arguments: [pair.part, pair.voice, pair.score])
                } else {
                    try db.execute(sql: "UPDATE musicPair SET scoreId = ? WHERE partId = ? AND voiceId = ?", arguments: [pair.score, pair.part, pair.voice])
                }
            }
            for id in oldScores.keys where newScores[id] == nil { try db.execute(sql: "DELETE FROM musicScore WHERE id = ?", arguments: [id]) }
        }

        /// Muted cells and compositions new or changed (a changed composition's row was deleted first).
        func writeCellsAndCompositions() throws {
            for cell in newCells.subtracting(oldCells) {
                try db.execute(sql: "INSERT INTO musicMutedCell (partId, voiceId, columnPlace, rowPlace) VALUES (?, ?, ?, ?)",
                               arguments: [cell.part, cell.voice, cell.column, cell.row])
            }
            for (id, composition) in newCompositions where oldCompositions[id] != composition {
                try db.execute(sql: "INSERT INTO composition (id, name, partId, voiceId) VALUES (?, CAST(? AS TEXT), ?, ?)",
                               arguments: [id, StoredText(composition.name), composition.part, composition.voice])
            }
        }

        /// A sound taken out is set aside, file and all, so that undo can bring it back while the library is open.
        func setAsideSoundsTakenOut() throws {
            for id in oldSounds.keys where newSoundRecords[id] == nil { try db.execute(sql: "UPDATE musicSound SET retired = 1 WHERE id = ?", arguments: [id]) }
        }
    }

    private struct PairKey: Hashable { let part: Int64, voice: Int64 }

    private static func keyed<Record, Key: Hashable>(_ records: [Record], _ key: (Record) -> Key) -> [Key: Record] {
        Dictionary(records.map { (key($0), $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Deletes the child rows of every parent whose children changed (or that is gone), by their places.
    private static func deleteChangedChildren<P: ChildHolder>(of old: [P], new: [Int64: P], table: String, _ db: Database) throws {
        for parent in old where new[parent.id]?.children != parent.children {
            for child in parent.children { try db.execute(sql: "DELETE FROM \(table)Child WHERE place = ?", arguments: [child.place]) }
        }
    }

    /// Inserts the child rows of every parent whose children changed (or that is new), after any row of it
    /// that reading set aside, so that no two rows take one position.
    private static func insertChangedChildren<P: ChildHolder>(of new: [P], old: [Int64: P], table: String, _ db: Database) throws {
        for parent in new where old[parent.id]?.children != parent.children && !parent.children.isEmpty {
            let first = try Int.fetchOne(db, sql: "SELECT MAX(position) + 1 FROM \(table)Child WHERE parentId = ?", arguments: [parent.id]) ?? 0
            for (index, child) in parent.children.enumerated() {
                try db.execute(sql: "INSERT INTO \(table)Child (parentId, position, place, childId) VALUES (?, ?, ?, ?)",
                               arguments: [parent.id, first + index, child.place, child.node])
            }
        }
    }
}

/// A part's or a voice's record: an id and children.
protocol ChildHolder {
    var id: Int64 { get }
    var children: [MusicLibraryContents.ChildRecord] { get }
}

extension MusicLibraryContents.PartRecord: ChildHolder {}
extension MusicLibraryContents.VoiceRecord: ChildHolder {}
