import Foundation

/// Every fixture profile the instrument knows, found by name: the generic five first, then those read from
/// the definitions on the machine (a later one of the same manufacturer and model in place of an earlier: the
/// user's own over the system's). Searched by a few letters of the manufacturer or the model.
public struct FixtureProfileCatalog: Sendable {
    public private(set) var profiles: [FixtureProfile]
    private var index: [String: Int]
    /// Each profile's words for search: manufacturer and model, folded (no case, no accents).
    private var searchable: [String]

    public init(_ profiles: [FixtureProfile] = []) {
        self.profiles = []
        index = [:]
        searchable = []
        for profile in GenericProfiles.all + profiles { add(profile) }
    }

    /// Adds `profile`, in place of one of the same manufacturer and model.
    public mutating func add(_ profile: FixtureProfile) {
        let key = Self.key(profile.manufacturer, profile.model)
        if let at = index[key] {
            profiles[at] = profile
        } else {
            index[key] = profiles.count
            profiles.append(profile)
            searchable.append(Self.folded("\(profile.manufacturer) \(profile.model)"))
        }
    }

    /// The profile of `manufacturer`'s `model` (ignoring case).
    public func profile(manufacturer: String, model: String) -> FixtureProfile? {
        index[Self.key(manufacturer, model)].map { profiles[$0] }
    }

    /// The mode a patch names, laid out; nil when no profile has it.
    public func resolve(_ named: PatchedProfile) -> PatchedProfile? {
        profile(manufacturer: named.manufacturer, model: named.model)?.mode(named: named.mode)
    }

    /// The profiles whose manufacturer and model hold every word of `text` (ignoring case and accents), of
    /// `type` when one is given, by manufacturer then model: `limit` of them from `offset`, and how many match.
    public func search(_ text: String, type: String? = nil, offset: Int = 0, limit: Int = 50) -> (found: [FixtureProfile], total: Int) {
        let words = Self.folded(text).split(separator: " ")
        let matching = profiles.indices.filter { at in
            (type == nil || profiles[at].type.lowercased() == type!.lowercased()) && words.allSatisfy { searchable[at].contains($0) }
        }.sorted { (profiles[$0].manufacturer.lowercased(), profiles[$0].model.lowercased()) < (profiles[$1].manufacturer.lowercased(), profiles[$1].model.lowercased()) }
        let page = matching.dropFirst(max(0, offset)).prefix(max(0, limit))
        return (page.map { profiles[$0] }, matching.count)
    }

    private static func key(_ manufacturer: String, _ model: String) -> String {
        folded(manufacturer) + "\u{0}" + folded(model)
    }

    private static func folded(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }
}

/// The five kinds a fixture could be patched as before profiles, as profiles of their own (manufacturer
/// "Generic"): their channels driven exactly as the kinds' are.
public enum GenericProfiles {
    public static let all: [FixtureProfile] = FixtureKind.allCases.map(profile)

    /// The generic profile of `kind`: one mode, named as the kind.
    public static func profile(_ kind: FixtureKind) -> FixtureProfile {
        let channels: [ProfileChannel] = switch kind {
        case .dimmer: [dimmer]
        case .rgb: [red, green, blue]
        case .rgbw: [red, green, blue, white]
        case .rgbd: [red, green, blue, dimmer]
        case .rgbwd: [red, green, blue, white, dimmer]
        }
        let model = switch kind {
        case .dimmer: "Dimmer"
        case .rgb: "RGB"
        case .rgbw: "RGBW"
        case .rgbd: "RGB + dimmer"
        case .rgbwd: "RGBW + dimmer"
        }
        let type = kind == .dimmer ? "Dimmer" : "Color Changer"
        return FixtureProfile(
            manufacturer: "Generic", model: model, type: type, channels: channels,
            modes: [ProfileMode(name: kind.rawValue, channels: channels.map(\.name))])
    }

    private static let red = ProfileChannel(name: "Red", preset: "IntensityRed")
    private static let green = ProfileChannel(name: "Green", preset: "IntensityGreen")
    private static let blue = ProfileChannel(name: "Blue", preset: "IntensityBlue")
    private static let white = ProfileChannel(name: "White", preset: "IntensityWhite")
    private static let dimmer = ProfileChannel(name: "Dimmer", preset: "IntensityDimmer")
}
