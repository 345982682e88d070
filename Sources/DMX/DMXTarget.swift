import UserText

/// Where DMX goes, read by one rule wherever it is given (`imager serve --dmx`, the preferences' `dmx`):
/// `artnet:HOST[:PORT]` (port 6454 unless said), `sacn:HOST[:PORT]` (5568) to one receiver, or `sacn:multicast`
/// to each universe's multicast group. An IPv6 host is written in brackets when a port follows it.
public struct DMXTarget: Hashable, Sendable, CustomStringConvertible {
    public let `protocol`: DMXProtocol
    /// The receiver, or nil for sACN's multicast groups.
    public let destination: NetworkTarget?

    /// Reads `text`, or says in one line why it is not a DMX target.
    public init(_ text: String) throws(UserTextError) {
        let kept = try UserText.checked(text, as: "a DMX target", maximumLength: 270)
        let refusal = UserTextError(
            "a DMX target is artnet:HOST[:PORT], sacn:HOST[:PORT] or sacn:multicast; not “\(UserText.printable(kept))”")
        guard let colon = kept.firstIndex(of: ":"), let chosen = DMXProtocol(rawValue: kept[..<colon].lowercased()) else { throw refusal }
        let rest = String(kept[kept.index(after: colon)...])
        `protocol` = chosen
        if chosen == .sacn, rest.lowercased() == "multicast" {
            destination = nil
            return
        }
        let colons = rest.count { $0 == ":" }
        // Colons but no brackets: an IPv6 address, and nothing else.
        guard rest.hasPrefix("[") || colons < 2 || rest.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else { throw refusal }
        let written = rest.hasPrefix("[") || colons == 1 ? rest : colons == 0 ? "\(rest):\(chosen.defaultPort)" : "[\(rest)]:\(chosen.defaultPort)"
        do throws(UserTextError) { destination = try NetworkTarget(written) } catch { throw refusal }
    }

    /// As it is kept: `artnet:HOST:PORT`, `sacn:HOST:PORT` or `sacn:multicast`.
    public var description: String {
        "\(`protocol`.rawValue):\(destination.map(\.description) ?? "multicast")"
    }
}

/// The two network protocols every DMX node speaks.
public enum DMXProtocol: String, Hashable, Sendable, CaseIterable {
    case artnet, sacn

    /// The port a receiver of this protocol listens on.
    public var defaultPort: Int { self == .artnet ? ArtDmxPacket.port : E131DataPacket.port }

    /// The universes (sACN's numbering) it carries: Art-Net's 15-bit port address reaches 1…32768, sACN 1…63999.
    public var universes: ClosedRange<Int> {
        switch self {
        case .artnet: 1...(ArtDmxPacket.maximumPortAddress + 1)
        case .sacn: E131DataPacket.universes
        }
    }
}

extension DMXTarget {
    /// Why this target cannot carry all of `universes` (a line naming the first it cannot, and how many), or nil
    /// when it carries them all.
    public func cannotCarry(_ universes: [Int]) -> String? {
        let lost = universes.filter { !`protocol`.universes.contains($0) }
        guard let first = lost.first else { return nil }
        let more = lost.count > 1 ? " and \(lost.count - 1) more" : ""
        return "DMX to \(self) cannot carry universe \(first)\(more): \(`protocol` == .artnet ? "Art-Net" : "sACN") reaches universes "
            + "\(`protocol`.universes.lowerBound) to \(`protocol`.universes.upperBound); patch those fixtures in a universe it reaches"
    }
}
