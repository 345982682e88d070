/// Each whole beat of the performance told as it begins, on the engine's clock (what OSC followers hear).
extension InstrumentEngine {
    /// Tells `tell` each beat as it is reached — its number and the tempo then — until the task is cancelled,
    /// on the caller's task, never the engine's thread (telling sends). The tempo may change while it waits: a
    /// beat is told only once the performance has reached it.
    public nonisolated func tellBeats(_ tell: @Sendable (_ beat: Int, _ tempo: Double) -> Void) async {
        while !Task.isCancelled {
            let state = await snapshot()
            let next = (state.beat + 1e-9).rounded(.down) + 1
            let seconds = (next - state.beat) * 60 / state.tempo
            do { try await clock.sleep(for: .seconds(seconds)) } catch { return }
            let now = await snapshot()
            if now.beat + 0.01 >= next { tell(Int(next), now.tempo) }
        }
    }
}
