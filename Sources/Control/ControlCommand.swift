import Instrument

/// What an external control (OSC now; MIDI later) asks of the instrument: an intent for the engine, a
/// step through the chordset list, which the server resolves with the library, or recording.
public enum ControlCommand: Hashable, Sendable {
    case intent(Intent)
    /// Move to the next (+1) or previous (−1) chordset of the list.
    case stepChordset(Int)
    /// Start (true) or stop and save (false) recording the performance.
    case record(Bool)
    /// Play, stop, locate or loop the composition transport.
    case transport(TransportCommand)
}
