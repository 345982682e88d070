import Instrument

/// What the instrument tells those who follow it over OSC (`imager serve --osc-out`): the address space of
/// docs/osc.md's "Being followed". Pads, chords and the tempo go out at the addresses that play them, so a
/// second instrument can follow the first; the beat, what is heard and the transport have addresses of
/// their own.
public enum OSCFollowing {
    /// A pad pressed (its velocity) or let go (0); pads numbered 1…8.
    public static func pad(_ pad: Int, velocity: Double) -> OSCMessage {
        OSCMessage("/imager/pad/\(pad + 1)", [.float32(Float(velocity))])
    }

    /// The chord now selected (1…8).
    public static func chord(_ position: Int) -> OSCMessage { OSCMessage("/imager/chord/\(position + 1)") }

    /// The chordset now playing, by its title.
    public static func chordset(_ title: String) -> OSCMessage { OSCMessage("/imager/chordset", [.string(title)]) }

    public static func tempo(_ bpm: Double) -> OSCMessage { OSCMessage("/imager/tempo", [.float32(Float(bpm))]) }

    /// A beat begins: its number since the performance began, and the tempo.
    public static func beat(_ number: Int, tempo: Double) -> OSCMessage {
        OSCMessage("/imager/beat", [.int32(Int32(truncatingIfNeeded: number)), .float32(Float(tempo))])
    }

    /// An onset heard, with its strength 0…1.
    public static func onset(_ strength: Double) -> OSCMessage { OSCMessage("/imager/heard/onset", [.float32(Float(strength))]) }

    /// The input listened to lost (removed, failing, silent) or back: `/imager/heard/input lost|back`.
    public static func input(lost: Bool) -> OSCMessage { OSCMessage("/imager/heard/input", [.string(lost ? "lost" : "back")]) }

    /// The level and the four bands heard, 0…1 each (low, low-mid, high-mid, high).
    public static func heard(level: Double, bands: [Double]) -> [OSCMessage] {
        [
            OSCMessage("/imager/heard/level", [.float32(Float(level))]),
            OSCMessage("/imager/heard/bands", bands.prefix(4).map { .float32(Float($0)) }),
        ]
    }

    /// The composition transport: playing (1) or not (0), and the playhead in seconds.
    public static func transport(playing: Bool, seconds: Double) -> OSCMessage {
        OSCMessage("/imager/transport/state", [.int32(playing ? 1 : 0), .float32(Float(seconds))])
    }
}
