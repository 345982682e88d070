import Engine

extension InstrumentEngine {
    /// Starts recording into a journal `store` opens, as `LiveInstrument.startRecording` does, here on the
    /// caller's task: for tests of the engine alone. False when a recording is already under way.
    public func startRecording(in store: any RecordingStore, following previous: String? = nil) async throws -> Bool {
        guard let (start, id) = beginRecording() else { return false }
        do {
            return attach(try store.begin(start, following: previous), to: id)
        } catch {
            abandonRecording(id)
            throw error
        }
    }
}
