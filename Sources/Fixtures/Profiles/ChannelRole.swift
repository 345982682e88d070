/// What the instrument does with a channel of a profiled fixture, worked out once from its profile: a colour
/// emitter or a dimmer driven from the stage (16-bit where a fine channel pairs it), a shutter held open, a
/// colour wheel or macro set to its slot nearest the stage's colour, pan and tilt from the fixture's aim, or a
/// value held (its safe value, or the performer's).
public enum ChannelRole: Hashable, Sendable {
    case emitter(Emitter, fine: Bool)
    /// The dimmer of the cell (or of the whole fixture, when it has no master).
    case dimmer(fine: Bool)
    /// The fixture's master dimmer.
    case master(fine: Bool)
    /// A shutter or strobe channel, held at its open value; nil when its profile has none that is neither
    /// closed nor strobing (held at 0, dark, until the patch holds it at one).
    case shutter(open: Int?)
    /// A colour wheel or macro whose slots carry colours: each slot's colour and the value that selects it.
    case colorSlots([ColorSlot])
    case pan(fine: Bool)
    case tilt(fine: Bool)
    /// Held at a value: the channel's safe value, or what the patch holds it at.
    case held(Int)

    /// A light's own colours, as QLC+'s presets name them.
    public enum Emitter: String, CaseIterable, Hashable, Sendable {
        case red, green, blue, white, amber, uv, cyan, magenta, yellow, lime, indigo
    }

    /// One colour a wheel or a macro can be set to, and the value that sets it.
    public struct ColorSlot: Hashable, Sendable {
        public let color: SampledColor
        public let value: Int
    }

    /// The role of `channel`, read from its preset (or its group and colour, in older files); a channel with
    /// no role the instrument drives is held at its safe value.
    public init(of channel: ProfileChannel) {
        if let role = Self.role(preset: channel.preset, fine: channel.fine) ?? Self.role(group: channel.group, colour: channel.colour, name: channel.name, fine: channel.fine, capabilities: channel.capabilities) {
            switch role {
            case .shutter where channel.capabilities.isEmpty && channel.preset != nil:
                self = .shutter(open: channel.defaultValue ?? 0)  // a strobe preset's channel: 0 is no strobe
            case .shutter: self = Self.shutter(channel)
            case .colorSlots: self = Self.colorSlots(channel)
            default: self = role
            }
        } else {
            self = .held(Self.safeValue(of: channel))
        }
    }

    /// Whether the stage drives it (false for a value held).
    public var isDriven: Bool {
        if case .held = self { return false }
        return true
    }

    /// Whether it is a pan or tilt channel (coarse or fine).
    public var isPanOrTilt: Bool {
        switch self {
        case .pan, .tilt: true
        default: false
        }
    }

    /// A word for the console's list of channels.
    public var label: String {
        switch self {
        case .emitter(let emitter, let fine): emitter.rawValue + (fine ? " fine" : "")
        case .dimmer(let fine): fine ? "dimmer fine" : "dimmer"
        case .master(let fine): fine ? "master fine" : "master"
        case .shutter(let open): open == nil ? "shutter (no open value: hold one)" : "shutter (open)"
        case .colorSlots: "colour (nearest slot)"
        case .pan(let fine): fine ? "pan fine" : "pan"
        case .tilt(let fine): fine ? "tilt fine" : "tilt"
        case .held: "held"
        }
    }

    private static let emitterPresets: [String: Emitter] = [
        "Red": .red, "Green": .green, "Blue": .blue, "White": .white, "Amber": .amber, "UV": .uv, "Cyan": .cyan,
        "Magenta": .magenta, "Yellow": .yellow, "Lime": .lime, "Indigo": .indigo,
    ]

    private static func role(preset: String?, fine: Bool) -> ChannelRole? {
        guard var preset else { return nil }
        if preset.hasSuffix("Fine") { preset.removeLast(4) }
        switch preset {
        case "IntensityDimmer": return .dimmer(fine: fine)
        case "IntensityMasterDimmer": return .master(fine: fine)
        case "PositionPan": return .pan(fine: fine)
        case "PositionTilt": return .tilt(fine: fine)
        case "ShutterStrobeSlowFast", "ShutterStrobeFastSlow": return .shutter(open: 0)
        case "ColorMacro", "ColorWheel": return .colorSlots([])
        default:
            guard preset.hasPrefix("Intensity"), let emitter = emitterPresets[String(preset.dropFirst("Intensity".count))] else { return nil }
            return .emitter(emitter, fine: fine)
        }
    }

    /// Whether a channel of the Pan or Tilt group is not a position: its name or its ranges speak of rotation,
    /// speed or a macro (the XS 400's "Tilt Continuous Rotation", whose middle values spin the head).
    private static func turnsOnItsOwn(name: String, capabilities: [ChannelCapability]) -> Bool {
        let lowered = name.lowercased()
        return ["rotat", "speed", "continu", "macro", "spin"].contains { lowered.contains($0) }
            || capabilities.contains { Words($0.description).sayEffect || ($0.preset ?? "").hasPrefix("Rotation") }
    }

    private static func role(group: String?, colour: String?, name: String, fine: Bool, capabilities: [ChannelCapability] = []) -> ChannelRole? {
        switch group?.lowercased() {
        case "intensity":
            if let colour, let emitter = emitterPresets[colour.capitalized] ?? emitterPresets[colour.uppercased()] { return .emitter(emitter, fine: fine) }
            if colour != nil { return nil }  // a colour the instrument has no emitter for
            return name.lowercased().contains("master") ? .master(fine: fine) : .dimmer(fine: fine)
        case "pan": return Self.turnsOnItsOwn(name: name, capabilities: capabilities) ? nil : .pan(fine: fine)
        case "tilt": return Self.turnsOnItsOwn(name: name, capabilities: capabilities) ? nil : .tilt(fine: fine)
        case "shutter": return fine ? nil : .shutter(open: 0)
        case "colour", "color": return fine ? nil : .colorSlots([])
        default: return nil
        }
    }
}
