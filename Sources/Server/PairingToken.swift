/// The secret a device on the network shows to play the instrument under `--lan`: printed at start, given
/// once in a page's URL (`?token=…`), then kept by the browser as a cookie; other clients send it as a
/// bearer token or in the URL. 128 random bits, written as 32 hexadecimal digits.
public struct PairingToken: Sendable, Equatable, CustomStringConvertible {
    public let description: String

    /// A fresh token from the system's random source.
    public static func random() -> PairingToken {
        var generator = SystemRandomNumberGenerator()
        let digits = (0..<2).map { _ in
            let value = generator.next() as UInt64
            let hex = String(value, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }
        return PairingToken(digits.joined())
    }

    init(_ text: String) { description = text }

    /// Whether `candidate` is this token, compared in time independent of where they differ.
    public func matches(_ candidate: Substring) -> Bool {
        let expected = Array(description.utf8), given = Array(candidate.utf8)
        guard expected.count == given.count else { return false }
        return zip(expected, given).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// The cookie that carries the token.
    static let cookieName = "imager_token"
}
