/// The 512 channel levels of one DMX universe, each 0…255: what a console or a pixel map sends 40 times a
/// second and what Art-Net and sACN carry (the start code, always 0 here, is the packets' to add).
public struct DMXFrame: Hashable, Sendable {
    /// Channels in a universe.
    public static let channelCount = 512

    /// The levels, channel 1 first: always 512 of them.
    public private(set) var levels: [UInt8]

    /// A universe with every channel at `level` (0, dark, unless said).
    public init(level: UInt8 = 0) {
        levels = [UInt8](repeating: level, count: Self.channelCount)
    }

    /// Channel `channel`, numbered from 1 as a lighting desk numbers them.
    public subscript(channel: Int) -> UInt8 {
        get { levels[channel - 1] }
        set { levels[channel - 1] = newValue }
    }
}
