import Geometry
import Instrument

/// A performance with a given number of live lumis, for measuring how long one frame takes to evaluate.
/// The lumis come from the factory chordsets' chords, released by taps all over the canvas, so the mix of
/// forms, motions and oscillators is what a performer would play.
struct SceneBenchmark: Sendable {
    let state: PerformanceState
    /// The moment the frames are evaluated at: every lumi released, none yet faded.
    let frameTime: Double

    /// Builds a performance holding at least `lumis` live lumis (at most one chord's group more).
    init(lumis: Int) {
        var state = PerformanceState(chordset: FactoryChordsets.all[0])
        var time = 0.0
        var event = 0
        let spread = 0.4
        while state.liveLumiCount < lumis {
            for intent in Self.intents(forEvent: event) { _ = try? state.apply(PerformanceEvent(time: time, intent: intent)) }
            event += 1
            time = spread * Double(state.liveLumiCount) / Double(max(lumis, 1))
        }
        self.state = state
        frameTime = spread + 0.1
    }

    /// The `event`th gesture of the benchmark's performance: every 32nd loads the next factory chordset,
    /// each recalls a chord and taps it somewhere on the canvas.
    static func intents(forEvent event: Int) -> [Intent] {
        let chordsets = FactoryChordsets.all
        let x = StableRandom.unit(7, Int64(event)), y = StableRandom.unit(11, Int64(event))
        let play: [Intent] = [.recallChord((event / 4) % Chordset.chordCount), .tap(at: Point(x: x, y: y), velocity: 0.6 + 0.4 * x)]
        return event % 32 == 0 ? [.loadChordset(chordsets[(event / 32) % chordsets.count])] + play : play
    }
}
