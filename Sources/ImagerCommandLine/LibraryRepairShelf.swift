import Engine
import Library

/// The SQLite library's damaged records as the live session's port: listed, renamed, deleted.
struct LibraryRepairShelf: LibraryRepairs {
    let library: ChordsetLibrary

    func damage(chordsets: Bool, music: Bool) throws(LiveError) -> [DamagedRecord] {
        do { return try library.damage(chordsets: chordsets, music: music).map(DamagedRecord.init) } catch { throw LiveError(error) }
    }

    func rename(_ kind: String, _ key: String, to name: String) throws(LiveError) {
        let kind = try Self.kind(kind)
        do { try library.renameDamaged(kind, key, to: name) } catch { throw LiveError(error) }
    }

    func delete(_ kind: String, _ key: String) throws(LiveError) {
        let kind = try Self.kind(kind)
        do { try library.deleteDamaged(kind, key) } catch { throw LiveError(error) }
    }

    private static func kind(_ name: String) throws(LiveError) -> LibraryDamage.Kind {
        guard let kind = LibraryDamage.Kind(rawValue: name) else {
            throw LiveError(.notFound, "there is no kind of record \"\(name)\"; the kinds are \(LibraryDamage.Kind.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return kind
    }
}

extension DamagedRecord {
    init(_ damage: LibraryDamage) {
        self.init(kind: damage.kind.rawValue, id: damage.key, name: damage.name, reason: damage.reason, renamable: damage.isRenamable)
    }
}
