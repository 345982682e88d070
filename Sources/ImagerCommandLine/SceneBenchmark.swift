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
        let chordsets = FactoryChordsets.all
        var state = PerformanceState(chordset: chordsets[0])
        var time = 0.0
        var event = 0
        let spread = 0.4
        while state.liveLumiCount < lumis {
            let chordset = chordsets[event % chordsets.count]
            if event % 32 == 0 { try? state.apply(PerformanceEvent(time: time, intent: .loadChordset(chordset))) }
            let chord = (event / 4) % Chordset.chordCount
            let x = StableRandom.unit(7, Int64(event)), y = StableRandom.unit(11, Int64(event))
            let intents: [Intent] = [.recallChord(chord), .tap(at: Point(x: x, y: y), velocity: 0.6 + 0.4 * x)]
            for intent in intents { _ = try? state.apply(PerformanceEvent(time: time, intent: intent)) }
            event += 1
            time = spread * Double(state.liveLumiCount) / Double(max(lumis, 1))
        }
        self.state = state
        frameTime = spread + 0.1
    }
}
