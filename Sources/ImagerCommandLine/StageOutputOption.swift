import ArgumentParser
import Library
import StageOutputs

/// `--stage-output NAME`: render what a stage output of the library showed (docs/outputs.md) — its slice,
/// warped, blended and masked — rather than the whole stage. (`-o`/`--output` names the file written.)
struct StageOutputOption: ParsableArguments {
    @Option(
        name: .customLong("stage-output"), parsing: .unconditional,
        help: ArgumentHelp("Render what this output of the library showed: its slice, warped, blended and masked (docs/outputs.md).", valueName: "NAME"))
    var name: String?

    /// The output named, as the library keeps it; nil when none is asked for.
    func resolve(in library: LibraryOption) throws(CommandFailure) -> StageOutput? {
        guard let name else { return nil }
        let opened = try library.open()
        let kept: KeptStageOutputs
        do throws(LibraryError) { kept = try opened.stageOutputs() } catch { throw CommandFailure(error) }
        let outputs = kept.outputs.outputs
        guard let output = outputs.first(where: { $0.name == StageOutput.shownName(name) }) else {
            let names = outputs.map { "“\($0.name)”" }.joined(separator: ", ")
            throw CommandFailure("there is no output “\(StageOutput.quoted(name))” in the library; it has \(names)")
        }
        return output
    }
}
