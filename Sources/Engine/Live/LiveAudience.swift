import Instrument

/// Who hears what the live instrument does (a port; the server's clients, through its hub): every change
/// of state, and when a recording starts and stops.
public protocol LiveAudience: Sendable {
    /// The aspects an intent changed, and the whole state just after it.
    func changed(_ aspects: Set<PerformanceState.Aspect>, state: EngineSnapshot)
    /// A recording started (`on`) or stopped; when it stopped and was saved, where its log went.
    func recording(_ on: Bool, savedAt location: String?)
    /// The chordset library changed (its list, a chord stored, the preferences); `revision` counts its
    /// changes since the start.
    func libraryChanged(revision: Int)
}
