import Control
import Engine
import Instrument

/// What the instrument plays, told to its followers as it changes (docs/osc.md, "Being followed").
extension OSCFollowers: LiveAudience {
    public func changed(_ aspects: Set<PerformanceState.Aspect>, state: EngineSnapshot) {
        var messages: [OSCMessage] = []
        last.withLock { last in
            if aspects.contains(.pads) {
                // Before the first change heard, every pad was up.
                let before = last.pads ?? TriggerPads()
                for pad in 0..<TriggerPads.count where before[pad] != state.pads[pad] {
                    messages.append(OSCFollowing.pad(pad, velocity: state.pads[pad].isDown ? state.pads[pad].velocity : 0))
                }
                last.pads = state.pads
            }
            if aspects.contains(.selectedChord), last.chord != state.selectedChord {
                messages.append(OSCFollowing.chord(state.selectedChord))
                last.chord = state.selectedChord
            }
            if aspects.contains(.chordset), last.chordset != state.chordset.title {
                messages.append(OSCFollowing.chordset(state.chordset.title))
                last.chordset = state.chordset.title
            }
            if aspects.contains(.tempo), last.tempo != state.tempo {
                messages.append(OSCFollowing.tempo(state.tempo))
                last.tempo = state.tempo
            }
        }
        send(messages)
    }

    public func recording(_ on: Bool, savedAt location: String?) {}
    public func libraryChanged(revision: Int) {}

    public func heard(_ status: ListeningStatus) {
        let changed = inputLost.withLock { lost in
            defer { lost = status.lost }
            return lost != status.lost
        }
        if changed { send([OSCFollowing.input(lost: status.lost)]) }
        guard status.hearing else { return }
        var messages = OSCFollowing.heard(level: status.level, bands: status.bands)
        if status.onset > 0 { messages.append(OSCFollowing.onset(status.onset)) }
        send(messages)
    }

    public func transportChanged(_ status: TransportStatus) {
        send([OSCFollowing.transport(playing: status.playing, seconds: status.seconds)])
    }
}
