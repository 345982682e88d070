import Foundation
import NIOCore

/// This machine's addresses and names on the network, for the URLs `imager serve --lan` prints and the
/// Host names its pages may be opened by.
public enum NetworkAddresses {
    /// The IPv4 addresses of the interfaces that are up, loopback excluded.
    public static func lanIPv4() -> [String] {
        guard let devices = try? System.enumerateDevices() else { return [] }  // said by problem()
        let addresses = devices.compactMap { device -> String? in
            guard let address = device.address, case .v4 = address, let ip = address.ipAddress, !ip.hasPrefix("127.") else { return nil }
            return ip
        }
        return Array(Set(addresses)).sorted()
    }

    /// Why this machine's network addresses cannot be listed, or nil when they can.
    public static func problem() -> String? {
        do {
            _ = try System.enumerateDevices()
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// The machine's host name, and with `.local` (as mDNS announces it), lowercased.
    public static func machineNames() -> Set<String> {
        let name = ProcessInfo.processInfo.hostName.lowercased()
        guard !name.isEmpty else { return [] }
        return name.hasSuffix(".local") ? [name, String(name.dropLast(6))] : [name, name + ".local"]
    }
}
