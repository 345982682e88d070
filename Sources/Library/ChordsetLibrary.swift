import Audio
import Composition
import Foundation
import GRDB
import Instrument
import Synchronization

/// The performer's chordset library: one SQLite file (WAL mode) through one GRDB `DatabasePool` for the
/// whole process. Opening it migrates an older library — after a consistent safety copy — and seeds the
/// factory chordsets the first time only; a library written by a newer Image Performer is refused.
public final class ChordsetLibrary: Sendable {
    public let url: URL
    let pool: DatabasePool
    /// What opening the library mended (migration v5's renames), one line each, for the log.
    private let mended = Mutex<[String]>([])
    /// Sounds decoded and resampled, by sound and rate, kept across reloads (`samples(for:)`).
    let decodedSounds = Mutex<[DecodedSound: AudioBuffer]>([:])
    /// Each sound's outline, once worked out (`soundOutline`), forgotten with its decoded samples.
    let soundOutlines = Mutex<[SoundID: SoundOutline]>([:])

    /// Lets go of what reading libraries decoded and kept in this process (chords' lumis, scores' events): the
    /// next read decodes afresh, as a newly started process does (for the benchmarks).
    public static func forgetDecodedText() {
        ChordsetRows.decodedLumis.forget()
        MusicRows.decodedEvents.forget()
    }

    /// The names opening the library mended — empty or control-character names an earlier build stored,
    /// renamed "Untitled 1", … — one line each, to be said in the log.
    public var mendedNames: [String] { mended.withLock { $0 } }

    /// Every library opened in this process, by file: several connections to one file end in "database is
    /// locked", so there is one pool per file.
    private static let opened = Mutex<[String: ChordsetLibrary]>([:])

    private init(url: URL, pool: DatabasePool) {
        self.url = url
        self.pool = pool
    }

    /// The library at `url`, opened once per process (made, migrated and seeded as needed).
    public static func open(at url: URL) throws(LibraryError) -> ChordsetLibrary {
        let key = url.standardizedFileURL.path
        return try opened.withLock { (libraries) throws(LibraryError) -> ChordsetLibrary in
            if let library = libraries[key] { return library }
            let library = try ChordsetLibrary(opening: url.standardizedFileURL)
            libraries[key] = library
            return library
        }
    }

    private convenience init(opening url: URL) throws(LibraryError) {
        let folder = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw LibraryError(.storage, "cannot make the folder \(folder.path) for the library: \(error.localizedDescription)", cause: error)
        }
        let existed = FileManager.default.fileExists(atPath: url.path)
        if existed { try Self.refuseIfNewer(url) }
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(5)
        let pool: DatabasePool
        do {
            pool = try DatabasePool(path: url.path, configuration: configuration)
        } catch {
            throw LibraryError(.storage, "cannot open the library \(url.path): \(Self.describe(error))", cause: error)
        }
        self.init(url: url, pool: pool)
        try migrate(existed: existed)
        try seedFactoryChordsetsOnce()
        try seedFactoryCompositionsOnce()
        try dropSoundsSetAside()
    }

    /// The schema this build writes, as the number of migrations it knows.
    public static var schemaVersion: Int { LibrarySchema.migrator.migrations.count }

    /// Looks at an existing file read-only, before anything could change it (not even its journal mode),
    /// and refuses a library written by a newer Image Performer, or a file that is not a library.
    private static func refuseIfNewer(_ url: URL) throws(LibraryError) {
        var configuration = Configuration()
        configuration.readonly = true
        do {
            let probe = try DatabaseQueue(path: url.path, configuration: configuration)
            defer { try? probe.close() }  // read-only: nothing to lose on closing
            let superseded = try probe.read { db in try LibrarySchema.migrator.hasBeenSuperseded(db) }
            guard !superseded else {
                throw LibraryError(.storage,
                    "the library \(url.path) was written by a newer Image Performer; this one reads schema version "
                        + "\(schemaVersion) — update Image Performer (the library is left as it is)")
            }
        } catch let error as LibraryError {
            throw error
        } catch {
            throw LibraryError(.storage, "cannot open the library \(url.path): \(describe(error))", cause: error)
        }
    }

    private func migrate(existed: Bool) throws(LibraryError) {
        let migrator = LibrarySchema.migrator
        let applied = try read { db in try migrator.appliedMigrations(db) }
        if existed, !applied.isEmpty, applied.count < Self.schemaVersion {
            _ = try backup(to: url.deletingLastPathComponent()
                .appendingPathComponent("\(url.lastPathComponent).before-schema-\(Self.schemaVersion).backup"))
        }
        do {
            try migrator.migrate(pool)
        } catch {
            throw LibraryError(.storage, "cannot update the library \(url.path): \(Self.describe(error))", cause: error)
        }
        let notes = try write { db in
            let notes = try String.fetchOne(db, sql: "SELECT value FROM libraryInfo WHERE key = 'mendedNames'") ?? ""
            try db.execute(sql: "DELETE FROM libraryInfo WHERE key = 'mendedNames'")
            return notes
        }
        mended.withLock { $0 = notes.split(separator: "\n").map(String.init) }
    }

    /// Adds the factory chordsets the first time the library is opened — never again, so what the
    /// performer deleted stays deleted.
    private func seedFactoryChordsetsOnce() throws(LibraryError) {
        try write { db in
            guard try String.fetchOne(db, sql: "SELECT value FROM libraryInfo WHERE key = 'seeded'") == nil else { return }
            for chordset in FactoryChordsets.all { try ChordsetRows.insert(chordset, db) }
            try db.execute(sql: "INSERT INTO libraryInfo (key, value) VALUES ('seeded', ?)", arguments: [Date().description])
        }
    }

    // MARK: - Access

    func read<T>(_ body: (Database) throws -> T) throws(LibraryError) -> T {
        do { return try pool.read(body) } catch let error as LibraryError { throw error } catch {
            throw LibraryError(.storage, "cannot read the library: \(Self.describe(error))", cause: error)
        }
    }

    /// One transaction: everything in `body` is written, or nothing is.
    func write<T>(_ body: (Database) throws -> T) throws(LibraryError) -> T {
        do { return try pool.write(body) } catch let error as LibraryError { throw error } catch let error as InstrumentError {
            throw LibraryError(.invalid, error.description, cause: error)
        } catch let error as CompositionError {
            throw LibraryError(.invalid, error.description, cause: error)
        } catch {
            throw LibraryError(.storage, "cannot write to the library: \(Self.describe(error))", cause: error)
        }
    }

    static func describe(_ error: any Error) -> String {
        if let error = error as? DatabaseError { return error.message ?? "\(error.resultCode)" }
        return "\(error)"
    }
}
