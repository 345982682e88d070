import Fixtures
import Foundation
import Synchronization

/// The fixture definitions on the machine: QLC+'s (Debian's `qlcplus-data`, in `/usr/share/qlcplus/fixtures`),
/// then the user's own (`$XDG_DATA_HOME/imager/fixtures`, where QLC+ users copy theirs and where those imported
/// through the API are kept) — each `.qxf` read on its own, one that cannot be read said with its file and why,
/// never hiding the others.
public struct FixtureDefinitionFolders: Sendable {
    /// The folders read, in order: a later one's definition of a manufacturer's model replaces an earlier's.
    public let folders: [URL]
    /// Where imported definitions are kept (the last folder).
    public var userFolder: URL { folders[folders.count - 1] }

    public static let systemFolder = URL(fileURLWithPath: "/usr/share/qlcplus/fixtures")

    public init(folders: [URL]) {
        precondition(!folders.isEmpty, "at least the user's folder")  // a programming error: the callers name it
        self.folders = folders
    }

    /// The system's folder and the user's, `fixtures/` in the instrument's folder of the user's data
    /// (`LibraryLocation.dataFolder`: `$XDG_DATA_HOME/imager`).
    public static func standard(userData: URL) -> FixtureDefinitionFolders {
        FixtureDefinitionFolders(folders: [systemFolder, userData.appendingPathComponent("fixtures")])
    }

    /// What could be read: the profiles, and a line for each file refused (its path and why).
    public struct Reading: Sendable {
        public var profiles: [FixtureProfile] = []
        public var refused: [(file: String, reason: String)] = []
        /// Modes left out of profiles that were read (a mode naming a channel its definition lacks).
        public var leftOut: [(file: String, reason: String)] = []
    }

    /// Every definition in the folders (those missing are skipped), read in the order of their paths.
    public func read() -> Reading {
        var reading = Reading()
        for folder in folders {
            for file in Self.definitions(under: folder) {
                do {
                    let read = try QXFReader.reading(try Self.contents(of: file))
                    reading.profiles.append(read.profile)
                    reading.leftOut += read.leftOut.map { (file.path, $0) }
                } catch let refusal as FixtureError {
                    reading.refused.append((file.path, refusal.description))
                } catch {
                    reading.refused.append((file.path, "it cannot be read (\(error.localizedDescription))"))
                }
            }
        }
        return reading
    }

    /// Keeps `data`, once it reads as a profile, in the user's folder as `Manufacturer-Model.qxf` (written whole
    /// or not at all); the profile. A definition of the same manufacturer's model imported again replaces the
    /// one kept; another model whose name comes out the same ("A B" + "C", "A" + "B C") is kept beside it as
    /// `…-2.qxf`, never over it. One import at a time chooses its file and writes it.
    public func keep(_ data: Data) throws -> FixtureProfile {
        let profile = try QXFReader.profile(from: data)
        try Self.keeping.withLock { _ in
            try FileManager.default.createDirectory(at: userFolder, withIntermediateDirectories: true)
            try data.write(to: try place(for: profile), options: .atomic)
        }
        return profile
    }

    /// Held while an import chooses its file and writes it: two at once never take the same free name.
    private static let keeping = Mutex(())

    /// Where `profile`'s definition is kept in the user's folder: the file of its name (`name.qxf`, `name-2.qxf`…)
    /// that already holds its manufacturer's model, else the first of them free. A file there that cannot be read
    /// is somebody's: passed over, not replaced.
    func place(for profile: FixtureProfile) throws -> URL {
        let base = Self.fileName(for: profile)
        let files = (1...Self.mostNamesAlike).map { number in
            userFolder.appendingPathComponent(number == 1 ? "\(base).qxf" : "\(base)-\(number).qxf")
        }
        let taken = files.filter { FileManager.default.fileExists(atPath: $0.path) }
        // A file that cannot be read is no match: it stays as it is.
        if let own = taken.first(where: { file in
            (try? QXFReader.profile(from: Self.contents(of: file))).map { $0.manufacturer == profile.manufacturer && $0.model == profile.model } == true
        }) {
            return own
        }
        guard let free = files.first(where: { !taken.contains($0) }) else {
            throw FixtureError("\(Self.mostNamesAlike) definitions in \(userFolder.path) already have names like \(base).qxf; rename some")
        }
        return free
    }

    /// The most definitions of different models kept under one name (`name.qxf`, `name-2.qxf`…).
    static let mostNamesAlike = 100

    /// A file name for `profile`'s definition, without its extension: its manufacturer and model, with anything
    /// but letters, digits, dots and dashes made a dash.
    static func fileName(for profile: FixtureProfile) -> String {
        let base = "\(profile.manufacturer)-\(profile.model)".unicodeScalars.map { scalar in
            CharacterSet.alphanumerics.contains(scalar) || scalar == "." || scalar == "-" ? Character(scalar) : "-"
        }
        return String(String(base).prefix(200))
    }

    /// The `.qxf` files under `folder`, any depth, in the order of their paths (none when it is missing).
    public static func definitions(under folder: URL) -> [URL] {
        guard let walk = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else { return [] }
        return walk.compactMap { $0 as? URL }.filter { $0.pathExtension.lowercased() == "qxf" }.sorted { $0.path < $1.path }
    }

    /// A file's bytes, at most one more than a definition may have (so that a huge file is refused, not read).
    static func contents(of file: URL) throws -> Data {
        let handle = try FileHandle(forReadingFrom: file)
        defer { try? handle.close() }  // a file only read: closing cannot lose anything
        return try handle.read(upToCount: QXFReader.maximumBytes + 1) ?? Data()
    }
}
