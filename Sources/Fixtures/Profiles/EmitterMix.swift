/// A colour of the stage turned into the emitters a fixture has (each 0…1): red, green and blue as they are;
/// white, when there is one, takes the grey all three share; amber the orange red and green still share; lime
/// the yellow-green; UV glows with the violet that blue has beyond red and green; a fixture of cyan, magenta and
/// yellow filters (subtractive) takes out of white what the colour lacks. An emitter the fixture has not is
/// left to the others; a colour no emitter of it can show is as near as they come.
public struct EmitterMix: Sendable {
    /// Amber's and lime's light as red, green and blue (a 590 nm LED; a 560 nm one).
    static let amber = (red: 1.0, green: 0.75, blue: 0.0)
    static let lime = (red: 0.6, green: 1.0, blue: 0.0)

    /// The level of each emitter in `emitters` showing `color` (red, green, blue: 0…1, already shaped).
    public static func levels(of color: SampledColor, into emitters: Set<ChannelRole.Emitter>) -> [ChannelRole.Emitter: Double] {
        var (red, green, blue) = (clamp(color.red), clamp(color.green), clamp(color.blue))
        var levels: [ChannelRole.Emitter: Double] = [:]
        let additive = emitters.contains(.red) || emitters.contains(.green) || emitters.contains(.blue)
        if !additive, emitters.contains(.cyan) || emitters.contains(.magenta) || emitters.contains(.yellow) {
            levels[.cyan] = 1 - red
            levels[.magenta] = 1 - green
            levels[.yellow] = 1 - blue
            return levels.filter { emitters.contains($0.key) }
        }
        if emitters.contains(.uv) { levels[.uv] = max(0, blue - max(red, green)) }
        if emitters.contains(.white), additive {
            let white = min(red, green, blue)
            levels[.white] = white
            (red, green, blue) = (red - white, green - white, blue - white)
        } else if emitters.contains(.white) {
            levels[.white] = SampledColor(red: red, green: green, blue: blue).luminance  // a white alone shows the colour's light
        }
        if emitters.contains(.amber), emitters.contains(.red), emitters.contains(.green) {
            let amount = min(red / Self.amber.red, green / Self.amber.green)
            levels[.amber] = amount
            (red, green) = (red - amount * Self.amber.red, green - amount * Self.amber.green)
        }
        if emitters.contains(.lime), emitters.contains(.red), emitters.contains(.green) {
            let amount = min(red / Self.lime.red, green / Self.lime.green)
            levels[.lime] = amount
            (red, green) = (red - amount * Self.lime.red, green - amount * Self.lime.green)
        }
        levels[.red] = red
        levels[.green] = green
        levels[.blue] = blue
        if emitters.contains(.indigo) { levels[.indigo] = blue }
        return levels.filter { emitters.contains($0.key) }.mapValues(clamp)
    }

    private static func clamp(_ value: Double) -> Double { min(max(value.isNaN ? 0 : value, 0), 1) }
}
