import Engine
import Fixtures

extension LiveSession {
    /// Changes the fixtures' controls (master, blackout, test) and tells every client what they now are, so
    /// that every console's Blackout shows the truth whoever pressed it — a console, a key or MIDI.
    func changeFixtureControls(_ change: (inout FixtureControls) -> Void) throws(LiveError) -> FixtureControls {
        guard let fixtures else { throw LiveError(.unavailable, "this instrument has no fixtures") }
        let controls = try fixtures.setControls(change)
        hub.broadcast(LiveMessages.fixtures(controls))
        return controls
    }
}
