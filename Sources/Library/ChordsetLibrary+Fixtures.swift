import Fixtures
import GRDB
import Instrument

/// The fixture patch the library keeps, as it could be read: the fixtures in order, and one line for each row
/// that could not be (left in the library as it is until the patch is written again).
public struct KeptFixturePatch: Hashable, Sendable {
    public let patch: FixturePatch
    public let problems: [String]
}

extension ChordsetLibrary {
    /// The fixture patch, each row read on its own: a damaged row is left out and said, the others kept.
    /// Rows were checked whole when written, so what is left cannot clash.
    public func fixturePatch() throws(LibraryError) -> KeptFixturePatch {
        let rows = try read { db in try Row.fetchAll(db, sql: "SELECT position, content FROM fixture ORDER BY position") }
        var fixtures: [Fixture] = []
        var problems: [String] = []
        for row in rows {
            let position: Int64 = row["position"]
            let content: String = row["content"]
            do {
                fixtures.append(try ChordsetRows.decode(Fixture.self, content).checked())
            } catch {
                problems.append("the fixture at place \(position + 1) of the patch cannot be read (\(Self.describeDecoding(error))); it is left out until the patch is written again")
            }
        }
        do { return KeptFixturePatch(patch: try FixturePatch(fixtures), problems: problems) } catch {
            return KeptFixturePatch(patch: .empty, problems: problems + ["the patch the library keeps cannot be used (\(error)); no fixture is lit until it is written again"])
        }
    }

    /// Keeps `patch` in place of the one kept (checked whole by its type), in one transaction.
    public func setFixturePatch(_ patch: FixturePatch) throws(LibraryError) {
        let rows: [String]
        do { rows = try patch.fixtures.map { try ChordsetRows.json($0) } } catch {
            throw LibraryError(.storage, "cannot store the fixture patch: \(error)", cause: error)
        }
        try write { db in
            try db.execute(sql: "DELETE FROM fixture")
            for (position, content) in rows.enumerated() {
                try db.execute(sql: "INSERT INTO fixture (position, content) VALUES (?, ?)", arguments: [position, content])
            }
        }
    }

    /// Why a kept value could not be read, in one line: where in it and what, for JSON that does not fit.
    static func describeDecoding(_ error: any Error) -> String {
        (error as? DecodingError).map { "\(DecodingProblem($0))" } ?? "\(error)"
    }
}
