import Engine
import Fixtures
import StageOutputs

/// What `/live` tells of the rig — the stage's outputs, the canvases showing them, the fixture patch and its
/// controls — each with its revision where it has one, so that two consoles follow each other's changes.
extension LiveMessages {
    /// Every output of the stage, told on connecting and after every change: `{"type": "outputs", "outputs":
    /// […], "revision": N, "renamed": {"from", "to"}}` (`renamed` only when the change was a rename).
    static func outputs(_ outputs: StageOutputs, revision: Int, renamed: (from: String, to: String)? = nil) -> String {
        text(OutputsChange(outputs: outputs.outputs, revision: revision, renamed: renamed.map { Renamed(from: $0.from, to: $0.to) }))
    }

    /// How many canvases show each output (`GET /api/outputs` says it too), told whenever a canvas comes, goes
    /// or shows another: `{"type": "canvases", "showing": {"Main": 1, "Left": 2}}` (outputs none shows are absent).
    static func canvases(_ showing: [String: Int]) -> String { text(CanvasesShowing(showing: showing)) }

    private struct CanvasesShowing: Encodable {
        let type = "canvases"
        let showing: [String: Int]
    }

    /// `{"type": "identifyOutput", "name": "Left"}`: the canvases showing it show its name for 3 seconds.
    static func identifyOutput(_ name: String) -> String { text(Typed(type: "identifyOutput", value: IdentifyOutput(name: name))) }

    private struct OutputsChange: Encodable {
        let type = "outputs"
        let outputs: [StageOutput]
        let revision: Int
        let renamed: Renamed?
    }

    private struct Renamed: Encodable {
        let from: String
        let to: String
    }

    private struct IdentifyOutput: Encodable { let name: String }

    /// The fixture patch, told on connecting and after every change: `{"type": "fixturePatch", "revision": N,
    /// "fixtures": […], "universes": […], "problems": […]}`.
    static func fixturePatch(_ patch: RevisedPatch) -> String {
        text(FixturePatchChange(revision: patch.revision, fixtures: patch.patch.fixtures, universes: patch.patch.universes, problems: patch.problems))
    }

    private struct FixturePatchChange: Encodable {
        let type = "fixturePatch"
        let revision: Int
        let fixtures: [Fixture]
        let universes: [Int]
        let problems: [String]
    }

    /// The fixtures' controls as they now are, told to every client after any change: `{"type": "fixtures",
    /// "master", "blackout", "allowStrobe", "firing", "aiming", "test"}` (`test`: `{"mode", "fixture"}`, or absent
    /// when none runs; `firing`: the fixtures held on that the stage never drives; `aiming`: `{"fixture", "pan",
    /// "tilt"}`, a head aimed by hand while it is calibrated, absent when none is).
    static func fixtures(_ controls: FixtureControls) -> String { text(FixturesChange(controls)) }

    private struct FixturesChange: Encodable {
        let type = "fixtures"
        let master: Double
        let blackout: Bool
        let allowStrobe: Bool
        let firing: [String]
        let aiming: HandAim?
        let test: Test?

        struct Test: Encodable {
            let mode: String
            let fixture: String?
        }

        init(_ controls: FixtureControls) {
            master = controls.master
            blackout = controls.blackout
            allowStrobe = controls.allowStrobe
            firing = controls.firing.sorted()
            aiming = controls.aiming
            test = controls.test.map { Test(mode: $0.mode.rawValue, fixture: $0.fixture) }
        }
    }
}
