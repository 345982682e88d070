/// Every output of the stage, in order, Main first and always there: what the library keeps and the server
/// serves (`/api/outputs`). Names are unique, compared as the text rule keeps them.
public struct StageOutputs: Hashable, Sendable {
    /// The outputs, Main first.
    public private(set) var outputs: [StageOutput]

    /// The most outputs a stage has.
    public static let maximumCount = 64

    /// Main alone.
    public init() { outputs = [.main] }

    /// `outputs` checked one by one (Main added first when missing); or why they cannot all be kept.
    public init(_ outputs: [StageOutput]) throws(StageOutputError) {
        self.init()
        for output in outputs { try put(output) }
    }

    /// The output named `name`, if there is one.
    public func output(named name: String) -> StageOutput? { outputs.first { $0.name == name } }

    /// Keeps `output` (checked) in place of the one of its name, or after the others when it is new.
    @discardableResult
    public mutating func put(_ output: StageOutput) throws(StageOutputError) -> StageOutput {
        let kept = try output.checked()
        if let index = outputs.firstIndex(where: { $0.name == kept.name }) {
            outputs[index] = kept
        } else {
            guard outputs.count < Self.maximumCount else { throw StageOutputError("a stage has at most \(Self.maximumCount) outputs", isFull: true) }
            outputs.append(kept)
        }
        return kept
    }

    /// Lets go of the output named `name`; Main cannot go.
    public mutating func delete(_ name: String) throws(StageOutputError) {
        guard name != StageOutput.mainName else { throw StageOutputError("Main cannot be deleted: every stage shows on it") }
        guard let index = outputs.firstIndex(where: { $0.name == name }) else { throw StageOutputError("there is no output “\(StageOutput.quoted(name))”") }
        outputs.remove(at: index)
    }

    /// Renames the output `name` to `newName` (the text rule's), keeping its place; returns it renamed.
    public mutating func rename(_ name: String, to newName: String) throws(StageOutputError) -> StageOutput {
        guard name != StageOutput.mainName else { throw StageOutputError("Main cannot be renamed") }
        guard let index = outputs.firstIndex(where: { $0.name == name }) else { throw StageOutputError("there is no output “\(StageOutput.quoted(name))”") }
        var renamed = outputs[index]
        renamed.name = newName
        renamed = try renamed.checked()
        if renamed.name == name { return renamed }
        guard output(named: renamed.name) == nil else { throw StageOutputError("there is already an output “\(renamed.name)”") }
        outputs[index] = renamed
        return renamed
    }
}
