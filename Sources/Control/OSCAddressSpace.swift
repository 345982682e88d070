import Geometry
import Instrument

/// Image Performer's OSC address space (docs/osc.md), in the manner of Resolume's: one fixed address per
/// control, pads and chords numbered 1…8 as on the console.
public enum OSCAddressSpace {
    /// The addresses, for documentation and messages.
    public static let addresses = [
        "/imager/pad/{1-8} f", "/imager/chord/{1-8}", "/imager/chord/{1-8}/store", "/imager/hue/center f",
        "/imager/hue/range f", "/imager/purity/center f", "/imager/purity/range f", "/imager/chordset/next",
        "/imager/chordset/previous", "/imager/canvas/tap f f", "/imager/canvas/fade f", "/imager/canvas/erase",
        "/imager/canvas/headroom f", "/imager/tempo f", "/imager/tempo/tap", "/imager/record f",
        "/imager/transport/play [s]", "/imager/transport/stop", "/imager/transport/locate f", "/imager/transport/loop i",
        "/imager/transport/loop f f",
    ]

    /// The command a message asks for; throws naming what is wrong with it (an unknown address, a missing
    /// or non-numeric argument). The intent's own ranges are checked by the engine.
    public static func command(for message: OSCMessage) throws(OSCError) -> ControlCommand {
        let parts = message.address.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        guard parts.first == "imager", parts.count >= 2 else { throw unknown(message) }
        func number(_ index: Int = 0) throws(OSCError) -> Double {
            guard index < message.arguments.count, let value = message.arguments[index].number else {
                throw OSCError("\(message.address) needs a number")
            }
            guard value.isFinite else { throw OSCError("\(message.address) needs a finite number") }
            return value
        }
        func slot(_ text: String) throws(OSCError) -> Int {
            guard let value = Int(text), (1...8).contains(value) else { throw OSCError("\(message.address): pads and chords are 1 to 8") }
            return value - 1
        }
        switch Array(parts.dropFirst()) {
        case let path where path.count == 2 && path[0] == "pad":
            let pad = try slot(path[1])
            let velocity = try number()
            return .intent(velocity > 0 ? .padDown(pad: pad, velocity: min(velocity, 1)) : .padUp(pad: pad))
        case let path where path.count == 2 && path[0] == "chord":
            return .intent(.recallChord(try slot(path[1])))
        case let path where path.count == 3 && path[0] == "chord" && path[2] == "store":
            return .intent(.storeChord(try slot(path[1])))
        case ["hue", "center"]: return .intent(.ribbonCenter(.hue, try number()))
        case ["hue", "range"]: return .intent(.ribbonRange(.hue, try number()))
        case ["purity", "center"]: return .intent(.ribbonCenter(.purity, try number()))
        case ["purity", "range"]: return .intent(.ribbonRange(.purity, try number()))
        case ["chordset", "next"]: return .stepChordset(1)
        case ["chordset", "previous"]: return .stepChordset(-1)
        case ["canvas", "tap"]: return .intent(.tap(at: Point(x: try number(0), y: try number(1)), velocity: 1))
        case ["canvas", "fade"]: return .intent(.fade(seconds: try number()))
        case ["canvas", "erase"]: return .intent(.erase)
        case ["canvas", "headroom"]: return .intent(.headroom(try number()))
        case ["canvas", "polyphony"]:
            let count = try number()
            guard let whole = Int(exactly: count.rounded()), PerformanceState.polyphonyRange.contains(whole) else {
                throw OSCError("\(message.address) takes the most lumis that sound at once, 1 to \(PerformanceState.polyphonyRange.upperBound)")
            }
            return .intent(.polyphony(whole))
        case ["tempo"]: return .intent(.tempo(beatsPerMinute: try number()))
        case ["tempo", "tap"]: return .intent(.tapTempo)
        case ["record"]: return .record(try number() != 0)
        case ["transport", "play"]:
            guard let first = message.arguments.first else { return .transport(.play(nil)) }
            guard case .string(let name) = first, !name.isEmpty, name.count <= 200 else {
                throw OSCError("\(message.address) takes a composition's name (a string), or nothing")
            }
            return .transport(.play(name))
        case ["transport", "stop"]: return .transport(.stop)
        case ["transport", "locate"]: return .transport(.locate(seconds: try number()))
        case ["transport", "loop"]:
            if message.arguments.count >= 2 { return .transport(.loopSeconds(try number(0), try number(1))) }
            let part = try number()
            guard part == part.rounded(), (0...10_000).contains(part) else {
                throw OSCError("\(message.address) takes a part's number (from 1; 0 stops looping), or two numbers of seconds")
            }
            return .transport(.loopPart(part == 0 ? nil : Int(part)))
        default: throw unknown(message)
        }
    }

    private static func unknown(_ message: OSCMessage) -> OSCError {
        OSCError("no control at \(message.address.prefix(200)); see docs/osc.md")
    }
}
