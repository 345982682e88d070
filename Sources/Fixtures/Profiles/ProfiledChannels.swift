/// A profiled fixture's channels as the instrument drives them, worked out once when it is patched: the role
/// of each (the patch's holds first), its cells — a head each, or one of every channel for a fixture of one
/// cell — and what cannot be driven as the profile stands, a line each. Smoke machines, hazers, lasers and
/// strobes are never driven from the stage: every channel of theirs rests at its safe value.
public struct ProfiledChannels: Hashable, Sendable {
    /// The types of fixture the stage never drives (QLC+'s names).
    public static let neverDriven: Set<String> = ["Smoke", "Hazer", "Laser", "Strobe"]

    public let roles: [ChannelRole]
    /// The mode they are of.
    public let profile: PatchedProfile
    /// Whether the stage never drives it (a smoke machine, a hazer, a laser, a strobe): it rests at its safe
    /// values unless the performer fires it.
    public let restsUnlessFired: Bool
    /// Each cell's channels; the last group is the channels of no head (a bar's master, its whole colour),
    /// lit with the mean of the cells' colours.
    let groups: [Group]
    /// How many cells sample the stage: the heads, or 1.
    public let cellCount: Int
    /// For a fine channel, the channel it is the low byte of.
    let coarse: [Int?]
    /// The fine channels' partners, as a set: the coarse channels of 16-bit pairs.
    let paired: Set<Int>
    /// Whether the fixture's level is in a channel of its own — a master, or the dimmer of a fixture of heads
    /// that is in none of them: its cells' colours and dimmers then run full.
    let sharedLevel: Bool
    /// How its light shows the stage's colour: by emitters (the dimmer then runs full), by a colour wheel (the
    /// dimmer carries the colour's brightness), or by a dimmer alone (the colour's luminance).
    let shows: Shows

    enum Shows: Hashable, Sendable { case emitters, wheel, dimmerAlone }
    /// What cannot be driven as its profile says, a line each (a shutter with no open value).
    public let problems: [String]

    struct Group: Hashable, Sendable {
        let channels: [Int]
        let emitters: Set<ChannelRole.Emitter>
        let hasDimmer: Bool
        /// Whether it is a head's (else the channels of no head).
        let isCell: Bool
    }

    /// The channels of `profile` for the fixture called `name`, with the values `hold` keeps by channel name;
    /// `fired`: driven by their roles even when the stage never drives its type (while the performer fires it).
    public init(_ profile: PatchedProfile, hold: [String: Int] = [:], name: String = "", fired: Bool = false) {
        self.profile = profile
        restsUnlessFired = Self.neverDriven.contains(profile.type)
        let safe = restsUnlessFired && !fired
        let roles = profile.channels.map { channel in
            if let value = hold[channel.name] { return ChannelRole.held(value) }
            return safe ? .held(ChannelRole.safeValue(of: channel)) : ChannelRole(of: channel)
        }
        let inHeads = Set(profile.heads.joined())
        var groups = profile.heads.map { Self.group($0, roles: roles, isCell: true) }
        let rest = profile.channels.indices.filter { !inHeads.contains($0) }
        if !rest.isEmpty { groups.append(Self.group(rest, roles: roles, isCell: profile.heads.isEmpty)) }
        let coarse = Self.pairs(roles, groups: groups)
        self.roles = roles
        self.groups = groups
        self.coarse = coarse
        cellCount = max(1, profile.heads.count)
        paired = Set(coarse.compactMap { $0 })
        sharedLevel = roles.contains { $0 == .master(fine: false) } || groups.contains { !$0.isCell && $0.hasDimmer }
        shows = if groups.contains(where: { !$0.emitters.isEmpty }) {
            .emitters
        } else if roles.contains(where: { if case .colorSlots = $0 { true } else { false } }) {
            .wheel
        } else {
            .dimmerAlone
        }
        problems = zip(profile.channels, roles).compactMap { channel, role in
            guard case .shutter(nil) = role else { return nil }
            return "fixture “\(name)”: its channel “\(channel.name)” has no open value in its profile (it is held at 0, dark); hold it at one (\"hold\": {\"\(channel.name)\": N})"
        }
    }

    private static func group(_ channels: [Int], roles: [ChannelRole], isCell: Bool) -> Group {
        var emitters = Set<ChannelRole.Emitter>()
        var hasDimmer = false
        for index in channels {
            switch roles[index] {
            case .emitter(let emitter, fine: false): emitters.insert(emitter)
            case .dimmer(fine: false): hasDimmer = true
            default: break
            }
        }
        return Group(channels: channels, emitters: emitters, hasDimmer: hasDimmer, isCell: isCell)
    }

    /// Each fine channel's coarse partner: the channel of the same role, not fine, in the same group.
    private static func pairs(_ roles: [ChannelRole], groups: [Group]) -> [Int?] {
        var coarse = [Int?](repeating: nil, count: roles.count)
        for group in groups {
            for index in group.channels {
                guard let wanted = roles[index].coarseRole else { continue }
                coarse[index] = group.channels.first { roles[$0] == wanted }
            }
        }
        return coarse
    }

    /// The channel levels for cells showing `colors` (one a cell, red, green and blue already shaped, 0…1) at
    /// `intensity` (the fixture's level times the master, 0…1), pan and tilt at `aim` (each 0…1 of its travel;
    /// nil: the middle), into `levels` (a value a channel).
    public func levels(colors: [SampledColor], intensity: Double, aim: (pan: Double, tilt: Double)? = nil, into levels: inout [UInt8]) {
        var values = [Double](repeating: 0, count: roles.count)
        var cell = 0
        let mean = colors.isEmpty ? .black : colors.dropFirst().reduce(colors[0], +).scaled(by: 1 / Double(colors.count))
        for group in groups {
            let color = group.isCell && cell < colors.count ? colors[cell] : mean
            if group.isCell { cell += 1 }
            fill(group, color: color, intensity: intensity, aim: aim ?? (0.5, 0.5), into: &values)
        }
        for index in roles.indices {
            switch roles[index] {
            case .held(let value): levels[index] = UInt8(clamping: value)
            case .shutter(let open): levels[index] = UInt8(clamping: open ?? 0)
            case .colorSlots: levels[index] = UInt8(clamping: Int(values[index]))
            default:
                let wide = UInt16((min(max(values[coarse[index] ?? index], 0), 1) * 65535).rounded())
                if coarse[index] != nil {
                    levels[index] = UInt8(wide & 0xff)
                } else if paired.contains(index) {
                    levels[index] = UInt8(wide >> 8)
                } else {
                    levels[index] = UInt8((min(max(values[index], 0), 1) * 255).rounded())
                }
            }
        }
    }

    /// The 0…1 value of each driven channel of `group` (a slot's DMX value for a colour wheel). The level is
    /// in the fixture's own level channel when it has one, else in each cell's dimmer, else in the colours.
    private func fill(_ group: Group, color: SampledColor, intensity: Double, aim: (pan: Double, tilt: Double), into values: inout [Double]) {
        let cellLevel = !sharedLevel && group.hasDimmer
        let mix = EmitterMix.levels(of: color.scaled(by: sharedLevel || cellLevel ? 1 : intensity), into: group.emitters)
        let light = switch shows {
        case .emitters: 1.0
        case .wheel: max(color.red, color.green, color.blue)
        case .dimmerAlone: color.luminance
        }
        for index in group.channels {
            switch roles[index] {
            case .emitter(let emitter, fine: false): values[index] = mix[emitter] ?? 0
            case .master(fine: false): values[index] = light * intensity
            case .dimmer(fine: false) where !group.isCell: values[index] = light * intensity
            case .dimmer(fine: false): values[index] = (group.emitters.isEmpty ? light : 1) * (sharedLevel ? 1 : intensity)
            case .pan(fine: false): values[index] = aim.pan
            case .tilt(fine: false): values[index] = aim.tilt
            case .colorSlots(let slots): values[index] = Double(Self.nearest(slots, to: color))
            default: break
            }
        }
    }

    /// The value of the slot whose colour is nearest `color`'s hue and saturation (its brightness is the
    /// dimmer's); white's, or the first, for black.
    static func nearest(_ slots: [ChannelRole.ColorSlot], to color: SampledColor) -> Int {
        let brightest = max(color.red, color.green, color.blue)
        guard brightest > 1e-6 else { return (slots.first { $0.color == .white } ?? slots[0]).value }
        let wanted = color.scaled(by: 1 / brightest)
        func distance(_ slot: ChannelRole.ColorSlot) -> Double {
            let top = max(slot.color.red, slot.color.green, slot.color.blue, 1e-6)
            let (r, g, b) = (slot.color.red / top - wanted.red, slot.color.green / top - wanted.green, slot.color.blue / top - wanted.blue)
            return r * r + g * g + b * b
        }
        return slots.min { distance($0) < distance($1) }!.value
    }
}

extension ChannelRole {
    /// For a fine channel, the role of its coarse partner; nil for any other.
    var coarseRole: ChannelRole? {
        switch self {
        case .emitter(let emitter, fine: true): .emitter(emitter, fine: false)
        case .dimmer(fine: true): .dimmer(fine: false)
        case .master(fine: true): .master(fine: false)
        case .pan(fine: true): .pan(fine: false)
        case .tilt(fine: true): .tilt(fine: false)
        default: nil
        }
    }
}
