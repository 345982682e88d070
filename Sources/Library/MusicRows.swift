import Composition
import Foundation
import GRDB

/// The music library's tables (migration v4) read into `MusicLibraryContents` and written from them. The
/// whole structure is written at once, in the caller's transaction; the sounds' files are kept by id and only
/// added or dropped.
enum MusicRows {
    static func fetchContents(_ db: Database) throws -> MusicLibraryContents {
        var contents = MusicLibraryContents()
        contents.lastIdentifier = Int64(try String.fetchOne(db, sql: "SELECT value FROM libraryInfo WHERE key = 'musicLastIdentifier'") ?? "0") ?? 0
        contents.sounds = try Row.fetchAll(db, sql: "SELECT id, name, sampleRate, channelCount, frameCount FROM musicSound ORDER BY id").map {
            .init(id: $0["id"], name: $0["name"], sampleRate: $0["sampleRate"], channelCount: $0["channelCount"], frameCount: $0["frameCount"])
        }
        let partChildren = try children(of: "musicPart", db)
        contents.parts = try Row.fetchAll(db, sql: "SELECT id, name, length, tempo FROM musicPart ORDER BY id").map {
            .init(id: $0["id"], name: $0["name"], length: $0["length"], tempo: $0["tempo"], children: partChildren[$0["id"]] ?? [])
        }
        let voiceChildren = try children(of: "musicVoice", db)
        contents.voices = try Row.fetchAll(db, sql: "SELECT id, name, soundId, chordsetId, chord FROM musicVoice ORDER BY id").map {
            .init(id: $0["id"], name: $0["name"], sound: $0["soundId"], chordset: $0["chordsetId"], chord: $0["chord"],
                  children: voiceChildren[$0["id"]] ?? [])
        }
        let decoder = JSONDecoder()
        contents.scores = try Row.fetchAll(db, sql: "SELECT id, events FROM musicScore ORDER BY id").map { row in
            let events: String = row["events"]
            return .init(id: row["id"], events: try decoder.decode([ScoreEvent].self, from: Data(events.utf8)))
        }
        contents.pairs = try Row.fetchAll(db, sql: "SELECT partId, voiceId, scoreId FROM musicPair ORDER BY partId, voiceId").map {
            .init(part: $0["partId"], voice: $0["voiceId"], score: $0["scoreId"])
        }
        contents.mutedCells = try Row.fetchAll(db, sql: "SELECT partId, voiceId, columnPlace, rowPlace FROM musicMutedCell ORDER BY rowid").map {
            .init(part: $0["partId"], voice: $0["voiceId"], column: $0["columnPlace"], row: $0["rowPlace"])
        }
        contents.compositions = try Row.fetchAll(db, sql: "SELECT id, name, partId, voiceId FROM composition ORDER BY id").map {
            .init(id: $0["id"], name: $0["name"], part: $0["partId"], voice: $0["voiceId"])
        }
        return contents
    }

    private static func children(of table: String, _ db: Database) throws -> [Int64: [MusicLibraryContents.ChildRecord]] {
        var children: [Int64: [MusicLibraryContents.ChildRecord]] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT parentId, place, childId FROM \(table)Child ORDER BY parentId, position") {
            children[row["parentId"], default: []].append(.init(place: row["place"], node: row["childId"]))
        }
        return children
    }

    /// Replaces the stored structure with `contents`; `newSounds` are the files of sounds not stored yet, and
    /// the files of sounds the contents no longer hold are dropped.
    static func replace(with contents: MusicLibraryContents, newSounds: [Int64: [UInt8]], _ db: Database) throws {
        for table in ["composition", "musicMutedCell", "musicPair", "musicScore", "musicVoiceChild", "musicPartChild", "musicVoice", "musicPart"] {
            try db.execute(sql: "DELETE FROM \(table)")
        }
        let keep = Set(contents.sounds.map(\.id))
        for id in try Int64.fetchAll(db, sql: "SELECT id FROM musicSound") where !keep.contains(id) {
            try db.execute(sql: "DELETE FROM musicSound WHERE id = ?", arguments: [id])
        }
        for sound in contents.sounds {
            if let file = newSounds[sound.id] {
                try db.execute(
                    sql: "INSERT OR REPLACE INTO musicSound (id, name, sampleRate, channelCount, frameCount, file) VALUES (?, ?, ?, ?, ?, ?)",
                    arguments: [sound.id, sound.name, sound.sampleRate, sound.channelCount, sound.frameCount, Data(file)])
            } else {
                try db.execute(sql: "UPDATE musicSound SET name = ? WHERE id = ?", arguments: [sound.name, sound.id])
                guard db.changesCount == 1 else { throw LibraryError(.invalid, "the file of the sound \(sound.name) is missing") }
            }
        }
        for part in contents.parts {
            try db.execute(sql: "INSERT INTO musicPart (id, name, length, tempo) VALUES (?, ?, ?, ?)",
                           arguments: [part.id, part.name, part.length, part.tempo])
        }
        for voice in contents.voices {
            try db.execute(sql: "INSERT INTO musicVoice (id, name, soundId, chordsetId, chord) VALUES (?, ?, ?, ?, ?)",
                           arguments: [voice.id, voice.name, voice.sound, voice.chordset, voice.chord])
        }
        for part in contents.parts { try insertChildren(part.children, of: part.id, into: "musicPart", db) }
        for voice in contents.voices { try insertChildren(voice.children, of: voice.id, into: "musicVoice", db) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        for score in contents.scores {
            try db.execute(sql: "INSERT INTO musicScore (id, events) VALUES (?, ?)",
                           arguments: [score.id, String(decoding: try encoder.encode(score.events), as: UTF8.self)])
        }
        for pair in contents.pairs {
            try db.execute(sql: "INSERT INTO musicPair (partId, voiceId, scoreId) VALUES (?, ?, ?)", arguments: [pair.part, pair.voice, pair.score])
        }
        for cell in contents.mutedCells {
            try db.execute(sql: "INSERT INTO musicMutedCell (partId, voiceId, columnPlace, rowPlace) VALUES (?, ?, ?, ?)",
                           arguments: [cell.part, cell.voice, cell.column, cell.row])
        }
        for composition in contents.compositions {
            try db.execute(sql: "INSERT INTO composition (id, name, partId, voiceId) VALUES (?, ?, ?, ?)",
                           arguments: [composition.id, composition.name, composition.part, composition.voice])
        }
        try db.execute(sql: "INSERT OR REPLACE INTO libraryInfo (key, value) VALUES ('musicLastIdentifier', ?)",
                       arguments: [String(contents.lastIdentifier)])
    }

    private static func insertChildren(_ children: [MusicLibraryContents.ChildRecord], of parent: Int64, into table: String, _ db: Database) throws {
        for (position, child) in children.enumerated() {
            try db.execute(sql: "INSERT INTO \(table)Child (parentId, position, place, childId) VALUES (?, ?, ?, ?)",
                           arguments: [parent, position, child.place, child.node])
        }
    }
}
