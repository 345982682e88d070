import Engine
import Library
import StageOutputs

/// The SQLite library as the stage outputs' shelf.
extension LibraryShelf: OutputShelf {
    func stageOutputs() throws(LiveError) -> (outputs: StageOutputs, problems: [String]) {
        do {
            let kept = try library.stageOutputs()
            return (kept.outputs, kept.problems)
        } catch {
            throw LiveError(error)
        }
    }

    func keep(_ outputs: StageOutputs) throws(LiveError) {
        do { try library.setStageOutputs(outputs) } catch { throw LiveError(error) }
    }
}
