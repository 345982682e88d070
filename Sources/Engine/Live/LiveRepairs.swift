/// The library's damaged records for every console and lab at once: listed, renamed or deleted one by one.
/// A repair is heard by everyone (the chordset list and the music library both change), and the music
/// library's undo history is closed at it, so that no undo can take back what a repair brought back.
public final class LiveRepairs<C: Clock>: Sendable where C.Duration == Duration {
    let instrument: LiveInstrument<C>
    let repairs: any LibraryRepairs
    let music: LiveMusic<C>?

    public init(instrument: LiveInstrument<C>, repairs: any LibraryRepairs, music: LiveMusic<C>?) {
        self.instrument = instrument
        self.repairs = repairs
        self.music = music
    }

    /// Every damaged record, chordsets first — or those of the chordsets, or of the music library, alone.
    public func damage(chordsets: Bool = true, music: Bool = true) throws(LiveError) -> [DamagedRecord] {
        try repairs.damage(chordsets: chordsets, music: music)
    }

    /// Renames a damaged record; what is damaged afterwards.
    public func rename(_ kind: String, _ key: String, to name: String) throws(LiveError) -> [DamagedRecord] {
        try repairs.rename(kind, key, to: name)
        return try repaired()
    }

    /// Deletes a damaged record; what is damaged afterwards.
    public func delete(_ kind: String, _ key: String) throws(LiveError) -> [DamagedRecord] {
        try repairs.delete(kind, key)
        return try repaired()
    }

    private func repaired() throws(LiveError) -> [DamagedRecord] {
        instrument.libraryChanged()
        music?.closeHistory()
        return try damage()
    }
}
