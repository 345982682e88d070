import StageOutputs

/// Where the stage's outputs are kept between runs (a port; `imager serve` plugs in the SQLite library).
/// Blocking, like the library: called on the library's pool, never where the performance runs.
public protocol OutputShelf: Sendable {
    /// The outputs kept, and a line for each that could not be read (left out of them).
    func stageOutputs() throws(LiveError) -> (outputs: StageOutputs, problems: [String])
    /// Keeps `outputs` in place of those kept, whole or not at all.
    func keep(_ outputs: StageOutputs) throws(LiveError)
}
