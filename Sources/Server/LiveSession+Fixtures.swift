import Engine
import Fixtures

extension LiveSession {
    /// Changes the fixtures' controls (master, blackout, test) and tells every client what they now are, so
    /// that every console's Blackout shows the truth whoever pressed it — a console, a key or MIDI.
    func changeFixtureControls(_ change: (inout FixtureControls) -> Void) throws(LiveError) -> FixtureControls {
        guard let fixtures else { throw LiveError(.unavailable, "this instrument has no fixtures") }
        return told(try fixtures.setControls(change))
    }

    /// Makes a performer's `change` of the fixtures' controls (`LiveFixtures.change`: one not in the patch
    /// fired refuses it whole) and tells every client what they now are.
    func changeFixtureControls(_ change: FixtureControlsChange) throws(LiveError) -> FixtureControls {
        guard let fixtures else { throw LiveError(.unavailable, "this instrument has no fixtures") }
        return told(try fixtures.change(change))
    }

    private func told(_ controls: FixtureControls) -> FixtureControls {
        hub.broadcast(LiveMessages.fixtures(controls))
        return controls
    }
}
