/// How deep JSON text nests, found by a scan of its bytes before any decoder sees it (deeply nested input
/// can exhaust a small stack in a recursive decoder). Brackets inside strings do not count.
public enum JSONNesting {
    /// Whether `bytes` nest deeper than `limit` arrays and objects.
    public static func exceeds<Bytes: Sequence>(_ limit: Int, in bytes: Bytes) -> Bool where Bytes.Element == UInt8 {
        var depth = 0, inString = false, escaped = false
        for byte in bytes {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                if depth > limit { return true }
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return false
    }
}
