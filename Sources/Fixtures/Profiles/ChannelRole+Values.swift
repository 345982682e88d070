// The values a channel rests at, worked out from its profile's words: what is safe to hold it at, where its
// shutter is open, which value selects each colour of a wheel.

extension ChannelRole {
    /// Where `channel` rests when nothing drives it: the profile's own default, else its "no function" (or
    /// "open", "off", "nothing") range, else 0.
    public static func safeValue(of channel: ProfileChannel) -> Int {
        if let value = channel.defaultValue { return value }
        let resting = channel.capabilities.first { capability in
            capability.preset == "NoFunction" || capability.preset == "ShutterOpen" || Words(capability.description).sayRest
        }
        return resting?.minimum ?? 0
    }

    /// A shutter held open: its "open" range (by preset, else by its words), else its "no function"; nil when
    /// the profile has no value that is neither closed nor strobing (the patch must hold one).
    static func shutter(_ channel: ProfileChannel) -> ChannelRole {
        if let open = channel.capabilities.first(where: { $0.preset == "ShutterOpen" }) { return .shutter(open: open.middle) }
        let plain = channel.capabilities.filter { capability in
            !(capability.preset ?? "").hasPrefix("Strobe") && !(capability.preset ?? "").hasPrefix("Shutter")
                && !(capability.preset ?? "").hasPrefix("Pulse") && !Words(capability.description).sayEffect
        }
        if let open = plain.first(where: { Words($0.description).sayOpen }) ?? plain.first(where: { Words($0.description).sayRest }) {
            return .shutter(open: open.middle)
        }
        if channel.capabilities.isEmpty, let value = channel.defaultValue { return .shutter(open: value) }
        return .shutter(open: nil)
    }

    /// A colour wheel or macro: its slots that carry one colour (or say white or open), each at the middle of
    /// its range — not a split colour, a chase or a scroll; held at its safe value when none does.
    static func colorSlots(_ channel: ProfileChannel) -> ChannelRole {
        let slots = channel.capabilities.compactMap { capability -> ColorSlot? in
            let words = Words(capability.description)
            guard capability.colors.count <= 1, capability.preset != "ColorDoubleMacro", !words.sayEffect else { return nil }
            if let color = capability.colors.first.flatMap(SampledColor.init(hex:)) { return ColorSlot(color: color, value: capability.middle) }
            return words.sayWhite ? ColorSlot(color: .white, value: capability.middle) : nil
        }
        return slots.isEmpty ? .held(safeValue(of: channel)) : .colorSlots(slots)
    }
}

/// A capability's description, lowercased and cut into words, for the few things the instrument reads in it.
struct Words {
    let words: Set<Substring>
    let text: String

    init(_ description: String) {
        text = description.lowercased()
        words = Set(text.split { !$0.isLetter })
    }

    /// It does nothing: "No function", "Nothing", "Off", "None", "Not used", "Open".
    var sayRest: Bool {
        text.contains("no function") || text.contains("not used") || text.contains("no effect")
            || words.contains("nothing") || words.contains("none") || words.contains("unused") || text == "off" || sayOpen
    }

    /// An open shutter (or an open gobo): "Open", "Shutter open", "Light on", "LED on".
    var sayOpen: Bool {
        (words.contains("open") || text == "on" || text.hasSuffix(" on")) && !sayEffect
    }

    /// Something that changes the light by itself: a strobe, a pulse, a blackout, a closed shutter, a reset.
    var sayEffect: Bool {
        [
            "strobe", "strobing", "pulse", "blackout", "close", "closed", "reset", "random", "flash", "slow", "fast", "chase", "rainbow",
            "scroll", "scrolling", "rotation", "auto", "sound", "program",
        ].contains { words.contains(Substring($0)) }
    }

    var sayWhite: Bool { words.contains("white") || words.contains("open") }
}

extension SampledColor {
    /// "#rrggbb" read, or nil.
    init?(hex: String) {
        let digits = hex.hasPrefix("#") ? hex.dropFirst() : Substring(hex)
        guard digits.count == 6, let value = UInt32(digits, radix: 16) else { return nil }
        self.init(red: Double(value >> 16 & 0xff) / 255, green: Double(value >> 8 & 0xff) / 255, blue: Double(value & 0xff) / 255)
    }
}
