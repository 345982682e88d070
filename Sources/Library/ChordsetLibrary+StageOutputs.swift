import GRDB
import StageOutputs

/// The stage's outputs the library keeps, as they could be read: Main first and the others in order, and one
/// line for each row that could not be (left in the library as it is until the outputs are written again).
public struct KeptStageOutputs: Hashable, Sendable {
    public let outputs: StageOutputs
    public let problems: [String]
}

extension ChordsetLibrary {
    /// The stage's outputs, each row read on its own: a damaged row is left out and said, the others kept (Main
    /// as a new library has it when its own row cannot be read).
    public func stageOutputs() throws(LibraryError) -> KeptStageOutputs {
        let rows = try read { db in try Row.fetchAll(db, sql: "SELECT position, content FROM stageOutput ORDER BY position") }
        var outputs = StageOutputs()
        var problems: [String] = []
        for row in rows {
            let position: Int64 = row["position"]
            let content: String = row["content"]
            do {
                let output = try ChordsetRows.decode(StageOutput.self, content)
                guard outputs.output(named: output.name) == nil || output.isMain else {
                    throw StageOutputError("a second output is named “\(output.name)”")
                }
                try outputs.put(output)
            } catch {
                problems.append("the output at place \(position + 1) of the stage's outputs cannot be read (\(Self.describeDecoding(error))); it is left out until the outputs are written again")
            }
        }
        return KeptStageOutputs(outputs: outputs, problems: problems)
    }

    /// Keeps `outputs` in place of those kept (each was checked by its type), in one transaction.
    public func setStageOutputs(_ outputs: StageOutputs) throws(LibraryError) {
        let rows: [String]
        do { rows = try outputs.outputs.map { try ChordsetRows.json($0) } } catch {
            throw LibraryError(.storage, "cannot store the stage's outputs: \(error)", cause: error)
        }
        try write { db in
            try db.execute(sql: "DELETE FROM stageOutput")
            for (position, content) in rows.enumerated() {
                try db.execute(sql: "INSERT INTO stageOutput (position, content) VALUES (?, ?)", arguments: [position, content])
            }
        }
    }
}
