/// Polyphony: the most lumis that sound at once. A release that would pass it steals — the oldest lumis still
/// sounding (released first; among lumis released together, the faintest first) are let go with a short fade
/// of their own, never cut — so the stage holds at most `polyphony` lumis sounding, and those fading. A rule
/// of the state: a replay steals exactly as the performance did, and checkpoints keep it. A chord may also
/// say how many of its own releases sound at once (`Chord.polyphony`): played again past that, it retriggers.
extension PerformanceState {
    /// The polyphonies a performer may set.
    public static let polyphonyRange = 1...4096
    /// The polyphony of a new performance (a log written before polyphony existed has none: `polyphony` nil):
    /// the most that keeps the busy full-stage passage from burning out (its brightest frame at most 200 of 255,
    /// at most 10 % of it white; docs/benchmarks.md, "A polyphony of light").
    public static let defaultPolyphony = 96
    /// How long a stolen lumi takes to fade out (seconds): quick, and never a cut.
    public static let stealFade = 0.08

    /// Whether `lumi` still sounds at `time`: not fading (stolen, or the canvas faded) and not yet at the end
    /// of its envelope.
    func sounds(_ lumi: LiveLumi, at time: Double) -> Bool {
        lumi.fadeStart == .infinity
            && !lumiTable[Int(lumi.template)].envelope.isFinished(age: time - lumi.releaseTime, noteOff: lumi.noteOffAge)
    }

    /// How many lumis sound at `time`.
    public func soundingLumis(at time: Double) -> Int {
        live.reduce(0) { count, lumi in sounds(lumi, at: time) ? count + 1 : count }
    }

    /// Steals what sounds past the polyphony at `time`: the oldest first, among lumis released together the
    /// faintest first; each fades out over `stealFade` from `time`.
    mutating func stealPastPolyphony(at time: Double) {
        guard let polyphony else { return }
        let sounding = live.indices.filter { sounds(live[$0], at: time) }
        guard sounding.count > polyphony else { return }
        // Released first, then the faintest, then the first in the table: the same order in every replay.
        let stolen = sounding.sorted { a, b in
            let (x, y) = (live[a], live[b])
            return x.releaseTime != y.releaseTime ? x.releaseTime < y.releaseTime : (x.velocity, a) < (y.velocity, b)
        }.prefix(sounding.count - polyphony)
        for index in stolen { steal(index, at: time) }
    }

    /// Whose release a chord's lumis are (`LiveLumi.releaser`): a light voice's by its key, the playing
    /// chordset's by the chord's place, whether a pad, a tap, a stroke or an onset released it.
    static func releaser(of chord: Chord, pad: Int8) -> Int8 {
        pad >= Int8(TriggerPads.count) ? pad : Int8(chord.position)
    }

    /// A chord's own polyphony: of the releases of `releaser` still sounding at `time`, all but the newest
    /// `kept` are stolen (oldest first), so that a chord played again retriggers instead of piling up.
    mutating func stealReleases(of releaser: Int8, keeping kept: Int, at time: Double) {
        let mine = live.indices.filter { live[$0].releaser == releaser && sounds(live[$0], at: time) }
        let releases = Set(mine.map { live[$0].releaseTime }).sorted()
        guard releases.count > kept, let newestStolen = releases.dropLast(kept).last else { return }
        for index in mine where live[index].releaseTime <= newestStolen { steal(index, at: time) }
    }

    /// Lets the lumi at `index` of `live` go: it fades out over `stealFade` from `time`, and is counted stolen.
    mutating func steal(_ index: Int, at time: Double) {
        live[index].fadeStart = time
        live[index].fadeDuration = Self.stealFade
        stolenLumis += 1
    }

    /// Sets the polyphony; what sounds past it is stolen at once.
    mutating func setPolyphony(_ count: Int, at time: Double) -> Set<Aspect> {
        polyphony = count
        stealPastPolyphony(at: time)
        return [.canvas]
    }
}
