import StageOutputs
import Synchronization

/// The stage's outputs as the instrument shows them (a use case): read from the library at start, changed by the API (each
/// change checked, kept in the library and told to every client, so the canvases showing it follow within
/// a frame), and what of them could not be read.
public final class LiveOutputs: Sendable {
    private let shelf: (any OutputShelf)?
    /// The outputs, what could not be read of them, and the revision at which each name last changed (a
    /// change made from an older copy is refused only when the output it touches changed since: two consoles
    /// may move two projectors at once).
    private let state: RevisedValue<(outputs: StageOutputs, problems: [String], changed: [String: Int])>

    /// Outputs kept on `shelf` (only Main, and nothing kept, without one), their revisions counted from
    /// `firstRevision` (the wall clock's milliseconds, so that they rise across restarts).
    public init(shelf: (any OutputShelf)?, firstRevision: Int = 1) {
        self.shelf = shelf
        state = RevisedValue((StageOutputs(), [], [:]), firstRevision: firstRevision)
    }

    /// Reads the outputs the library keeps (blocking: at start, or on the library's pool); what of them could
    /// not be read, a line each.
    @discardableResult
    public func load() throws(LiveError) -> [String] {
        guard let shelf else { return [] }
        let kept = try shelf.stageOutputs()
        state.reload((kept.outputs, kept.problems, [:]))
        return kept.problems
    }

    /// The outputs and the lines of what could not be read.
    public var now: (outputs: StageOutputs, problems: [String]) {
        let value = state.now.value
        return (value.outputs, value.problems)
    }

    /// The outputs, what could not be read, and their revision, read together.
    public var revised: (outputs: StageOutputs, problems: [String], revision: Int) {
        let now = state.now
        return (now.value.outputs, now.value.problems, now.revision)
    }

    /// Keeps `output` (checked whole) in place of the one of its name, or as a new one, if the outputs are
    /// still at revision `expected` (any, when nil); returns it as kept and the new revision. `tell` hears
    /// every change with its revision, in the order they were made.
    public func put(_ output: StageOutput, from expected: Int?, tell: Teller) throws -> (output: StageOutput, revision: Int) {
        let changed = try change(output.name, from: expected, tell: tell) { (outputs) throws(StageOutputError) in try outputs.put(output) }
        return (changed.result, changed.revision)
    }

    public func delete(_ name: String, from expected: Int?, tell: Teller) throws -> Int {
        guard now.outputs.output(named: name) != nil || name == StageOutput.mainName else {
            throw LiveError(.notFound, "there is no output “\(StageOutput.quoted(name))”")
        }
        return try change(name, from: expected, tell: tell) { (outputs) throws(StageOutputError) in try outputs.delete(name) }.revision
    }

    public func rename(_ name: String, to newName: String, from expected: Int?, tell: Teller) throws -> (output: StageOutput, revision: Int) {
        guard now.outputs.output(named: name) != nil else { throw LiveError(.notFound, "there is no output “\(StageOutput.quoted(name))”") }
        let changed = try change(name, StageOutput.shownName(newName) ?? newName, from: expected, tell: tell) { (outputs) throws(StageOutputError) in
            try outputs.rename(name, to: newName)
        }
        return (changed.result, changed.revision)
    }

    /// Who hears the outputs as each change left them, with its revision.
    public typealias Teller = (StageOutputs, Int) -> Void

    /// Changes the outputs named `touched` and keeps them (blocking: on the library's pool), one change at a
    /// time, so that two at once are both kept and told in order; refused — made from a copy older than the
    /// last change of one of them, or by the outputs' rules — nothing changes.
    private func change<T>(
        _ touched: String..., from expected: Int?, tell: Teller, _ body: (inout StageOutputs) throws(StageOutputError) -> T
    ) throws -> (result: T, revision: Int) {
        try state.change(
            from: expected,
            lastChanged: { state, _ in touched.compactMap { state.changed[$0] }.max() ?? 0 },
            { state, revision throws -> T in
                let result: T
                do throws(StageOutputError) { result = try body(&state.outputs) } catch {
                    throw LiveError(error.isFull ? .full : .invalid, error.description)
                }
                for name in touched { state.changed[name] = revision }
                return result
            },
            keep: { state in try shelf?.keep(state.outputs) },
            tell: { state, revision in tell(state.outputs, revision) })
    }
}

/// What `/status` tells of an output: its name and how many canvases show it.
public struct LiveOutputStatus: Sendable, Codable, Equatable {
    public var name: String
    public var canvases: Int

    public init(name: String, canvases: Int) {
        self.name = name
        self.canvases = canvases
    }
}
