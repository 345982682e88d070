import Fixtures
import Instrument

extension Scene {
    /// The lumis its chords released, as the fixtures see them: the chord (1…8), when, and where on the stage
    /// (0…1 across and down) — what a moving head following a chord follows, live and offline alike.
    public var soundingLumis: [SoundingLumi] {
        sounding.map { place in
            SoundingLumi(
                chord: place.pad + 1, since: place.since,
                point: StagePoint(x: min(max(place.position.x / size.width, 0), 1), y: min(max(place.position.y / size.height, 0), 1)))
        }
    }
}
