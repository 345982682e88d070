/// The lumis on the stage, as `/status` tells them: how many are live, how many of those sound (the rest fade
/// out), how many have been stolen to keep within the polyphony, and the polyphony (nil: no limit).
public struct LumiCounts: Hashable, Sendable, Codable {
    public var live: Int
    public var sounding: Int
    public var stolen: Int
    public var polyphony: Int?
}
