extension MusicLibrary {
    /// `tempoFromSound`: the part's tempo becomes the sound's (to a thousandth of a beat a minute), every
    /// event of the part keeping its time in seconds — so the sound plays as before, now on the part's beats —
    /// and the part keeping its length in seconds, in whole beats. With `align`, the part's events all move
    /// by one amount so that the sound's first downbeat falls on a bar line (of four beats): the earliest one
    /// no event would have to start before the part's start for. Refused, changing nothing, when the part is
    /// not atomic, the voice plays no sound there, no steady beat is heard (or, to align, no downbeat), the
    /// tempo is one no part may have, or a score of the part is shared with another part.
    public mutating func tempoFromSound(part id: PartID, sound: VoiceID, align: Bool, hearing: SoundHearing) throws(CompositionError) {
        try checkSoundPair(part: id, sound: sound)
        let part = try self.part(id)
        let heard = try heard(Pair(id, sound), with: hearing)
        guard let heardTempo = heard.tempo else {
            throw CompositionError("no steady beat is heard in \(try voice(sound).name) in \(part.name)")
        }
        let tempo = try ((heardTempo * 1000).rounded() / 1000).checked("the sound's tempo", in: MusicalTime.tempi)
        let scoreIDs = try scoresOnlyIn(id)
        let ratio = tempo / part.tempo
        func scaled(_ ticks: Int) -> Int { Int((Double(ticks) * ratio).rounded()) }
        var shift = 0
        if align {
            guard let downbeat = heard.firstDownbeat else {
                throw CompositionError("no downbeat is heard in \(try voice(sound).name) in \(part.name) to align the part on")
            }
            let earliest = scoreIDs.compactMap { scores[$0]?.events.first.map { scaled($0.start) } }.min() ?? 0
            let downbeatTick = downbeat * tempo / 60 * Double(MusicalTime.ticksPerBeat)
            let bar = Double(4 * MusicalTime.ticksPerBeat)
            let barLine = ((downbeatTick - Double(earliest)) / bar - 1e-9).rounded(.up) * bar
            shift = Int((barLine - downbeatTick).rounded())
        }
        var library = self
        var last = 0
        for scoreID in scoreIDs {
            guard let score = scores[scoreID] else { continue }
            let events = try score.events.map { event throws(CompositionError) in
                let start = scaled(event.start) + shift
                return try ScoreEvent(
                    start: max(0, start), length: max(1, scaled(event.end) + shift - start), gain: event.gain,
                    offset: scaled(event.offset), continues: event.continues)
            }
            last = max(last, events.map(\.end).max() ?? 0)
            library.scores[scoreID] = Score(id: scoreID, events: events)
        }
        let beat = MusicalTime.ticksPerBeat
        let length = (max(scaled(part.length), last) + beat - 1) / beat * beat
        guard length <= MusicalTime.longestPart else {
            throw CompositionError("at \(tempo) beats a minute \(part.name) would last more than \(MusicalTime.longestPart / beat) beats")
        }
        library.parts[id]?.tempo = tempo
        library.parts[id]?.length = length
        try library.checkDurations()
        self = library
    }

    /// The scores the part's pairs play, refused when one is also played in another part (retiming it would
    /// move that part's events too).
    private func scoresOnlyIn(_ part: PartID) throws(CompositionError) -> [ScoreID] {
        let ids = Set(scoreOfPair.filter { $0.key.part == part }.map(\.value))
        for id in ids {
            if let elsewhere = pairs(playing: id).first(where: { $0.part != part }) {
                throw CompositionError(
                    "\(try voice(elsewhere.voice).name) plays the same score in \(try self.part(elsewhere.part).name): make it unique first")
            }
        }
        return ids.sorted { $0.rawValue < $1.rawValue }
    }
}
