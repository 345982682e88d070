/// The twelve feature settings of a lumi, by name.
public struct LumiFeatures: Hashable, Sendable, Codable {
    public var position = FeatureSetting(LumiFeature.position.defaultBase)
    public var size = FeatureSetting(LumiFeature.size.defaultBase)
    public var rotation = FeatureSetting(LumiFeature.rotation.defaultBase)
    public var hue = FeatureSetting(LumiFeature.hue.defaultBase)
    public var saturation = FeatureSetting(LumiFeature.saturation.defaultBase)
    public var brightness = FeatureSetting(LumiFeature.brightness.defaultBase)
    public var opacity = FeatureSetting(LumiFeature.opacity.defaultBase)
    public var morph = FeatureSetting(LumiFeature.morph.defaultBase)
    public var strokeWidth = FeatureSetting(LumiFeature.strokeWidth.defaultBase)
    public var speed = FeatureSetting(LumiFeature.speed.defaultBase)
    public var direction = FeatureSetting(LumiFeature.direction.defaultBase)
    public var trail = FeatureSetting(LumiFeature.trail.defaultBase)

    public init() {}

    public subscript(feature: LumiFeature) -> FeatureSetting {
        get {
            switch feature {
            case .position: position
            case .size: size
            case .rotation: rotation
            case .hue: hue
            case .saturation: saturation
            case .brightness: brightness
            case .opacity: opacity
            case .morph: morph
            case .strokeWidth: strokeWidth
            case .speed: speed
            case .direction: direction
            case .trail: trail
            }
        }
        set {
            switch feature {
            case .position: position = newValue
            case .size: size = newValue
            case .rotation: rotation = newValue
            case .hue: hue = newValue
            case .saturation: saturation = newValue
            case .brightness: brightness = newValue
            case .opacity: opacity = newValue
            case .morph: morph = newValue
            case .strokeWidth: strokeWidth = newValue
            case .speed: speed = newValue
            case .direction: direction = newValue
            case .trail: trail = newValue
            }
        }
    }

    /// Checks every base value against its feature's range and every oscillator's numbers.
    public func validate() throws(InstrumentError) {
        for feature in LumiFeature.allCases {
            let setting = self[feature]
            try Self.validate(setting, of: feature)
        }
    }

    /// Checks one feature's setting: its base against the feature's range, its oscillator's numbers, and
    /// that it follows the sound only where it can.
    public static func validate(_ setting: FeatureSetting, of feature: LumiFeature) throws(InstrumentError) {
        _ = try setting.base.checked("\(feature.rawValue) base", in: feature.range)
        try setting.oscillator.validate()
        if feature == .speed, setting.oscillator.follow != nil {
            // How far a lumi has travelled is worked out from its speed's whole past, which the sound is not.
            throw .invalid("speed cannot follow the sound (a lumi's travel is worked out from its whole past); let its size or position follow instead")
        }
    }
}
