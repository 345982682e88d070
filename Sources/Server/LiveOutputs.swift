import Engine
import StageOutputs
import Synchronization

/// The stage's outputs as the server serves them: read from the library at start, changed by the API (each
/// change checked, kept in the library and told to every client, so the canvases showing it follow within
/// a frame), and what of them could not be read.
public final class LiveOutputs: Sendable {
    let shelf: (any OutputShelf)?
    private let state = Mutex<(outputs: StageOutputs, problems: [String])>((StageOutputs(), []))

    /// Outputs kept on `shelf` (only Main, and nothing kept, without one).
    public init(shelf: (any OutputShelf)?) {
        self.shelf = shelf
    }

    /// Reads the outputs the library keeps (blocking: at start, or on the library's pool); what of them could
    /// not be read, a line each.
    @discardableResult
    public func load() throws(LiveError) -> [String] {
        guard let shelf else { return [] }
        let kept = try shelf.stageOutputs()
        state.withLock { $0 = (kept.outputs, kept.problems) }
        return kept.problems
    }

    /// The outputs and the lines of what could not be read.
    public var now: (outputs: StageOutputs, problems: [String]) { state.withLock { $0 } }

    /// Keeps `output` (checked whole) in place of the one of its name, or as a new one; returns it as kept.
    func put(_ output: StageOutput) throws(LiveError) -> StageOutput {
        try change { (outputs) throws(StageOutputError) in try outputs.put(output) }
    }

    func delete(_ name: String) throws(LiveError) {
        guard now.outputs.output(named: name) != nil || name == StageOutput.mainName else {
            throw LiveError(.notFound, "there is no output “\(StageOutput.quoted(name))”")
        }
        try change { (outputs) throws(StageOutputError) in try outputs.delete(name) }
    }

    func rename(_ name: String, to newName: String) throws(LiveError) -> StageOutput {
        guard now.outputs.output(named: name) != nil else { throw LiveError(.notFound, "there is no output “\(StageOutput.quoted(name))”") }
        return try change { (outputs) throws(StageOutputError) in try outputs.rename(name, to: newName) }
    }

    /// Changes the outputs and keeps them (blocking: on the library's pool), under the lock, so that two
    /// changes at once are both kept; refused, nothing changes.
    private func change<T>(_ body: (inout StageOutputs) throws(StageOutputError) -> T) throws(LiveError) -> T {
        try state.withLock { (state) throws(LiveError) -> T in
            var outputs = state.outputs
            let result: T
            do throws(StageOutputError) { result = try body(&outputs) } catch {
                throw LiveError(error.isFull ? .full : .invalid, error.description)
            }
            try shelf?.keep(outputs)
            state.outputs = outputs
            return result
        }
    }
}

/// What `/status` tells of an output: its name and how many canvases show it.
public struct LiveOutputStatus: Sendable, Codable, Equatable {
    public var name: String
    public var canvases: Int
}
