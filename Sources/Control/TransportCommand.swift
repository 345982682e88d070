/// What a client or a controller asks of the composition transport (docs/live-protocol.md, docs/osc.md).
public enum TransportCommand: Hashable, Sendable {
    /// Play a composition (by name, or number from 1) from its start; nil plays on what is loaded.
    case play(String?)
    /// Play a (part, voice) pair of the library (their ids) from its start: what the composition lab's plane shows.
    case playPair(part: Int64, voice: Int64)
    /// Play one sound of the library alone, from its start to its end (the lab's "Preview").
    case preview(sound: Int64)
    case stop
    /// Move the playhead to so many seconds into the composition.
    case locate(seconds: Double)
    /// Loop part n (from 1) of the composition's top part; nil stops looping.
    case loopPart(Int?)
    /// Loop a stretch, in seconds.
    case loopSeconds(Double, Double)
}
