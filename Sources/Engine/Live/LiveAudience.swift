import Instrument

/// Who hears what the live instrument does (a port; the server's clients, through its hub): every change
/// of state, when a recording starts and stops, where the composition transport is.
public protocol LiveAudience: Sendable {
    /// The aspects an intent changed, and the whole state just after it.
    func changed(_ aspects: Set<PerformanceState.Aspect>, state: EngineSnapshot)
    /// A recording started (`on`) or stopped; when it stopped and was saved, where its log went.
    func recording(_ on: Bool, savedAt location: String?)
    /// Something went wrong with the recording, said once: its disk failed and it was `stopped`, what reached
    /// the disk kept at `location` (nil: left for the next start to close), or it goes on without what it
    /// could not keep (the sound heard). By default a stop is heard as `recording(false, savedAt:)`.
    func recordingFailed(_ problem: String, stopped: Bool, savedAt location: String?)
    /// The chordset library changed (its list, a chord stored, the preferences); `revision` counts its
    /// changes since the start.
    func libraryChanged(revision: Int)
    /// The composition transport moved: what plays, whether, and where (also a few times a second while it
    /// plays, for playheads to follow).
    func transportChanged(_ status: TransportStatus)
    /// The music library changed (an edit, an undo); `revision` counts its changes since the start.
    func musicChanged(revision: Int)
    /// What the instrument hears (about 33 times a second while it listens), or why it hears nothing.
    func heard(_ status: ListeningStatus)
    /// Where the Link session is (ten times a second while joined).
    func linkChanged(_ status: LinkStatus)
}

extension LiveAudience {
    public func recordingFailed(_ problem: String, stopped: Bool, savedAt location: String?) {
        if stopped { recording(false, savedAt: location) }
    }
    public func transportChanged(_ status: TransportStatus) {}
    public func musicChanged(revision: Int) {}
    public func heard(_ status: ListeningStatus) {}
    public func linkChanged(_ status: LinkStatus) {}
}
