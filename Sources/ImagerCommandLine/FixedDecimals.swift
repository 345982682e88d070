/// A number written with a fixed count of decimals (`2.50`), the same on every platform and locale —
/// for progress lines, the demo's status line and figures printed by the benchmarks.
package enum FixedDecimals {
    package static func format(_ value: Double, decimals: Int) -> String {
        var factor = 1.0
        for _ in 0..<decimals { factor *= 10 }
        let rounded = (value * factor).rounded() / factor
        var text = String(rounded)
        if let dot = text.firstIndex(of: ".") {
            let have = text.distance(from: dot, to: text.endIndex) - 1
            if have < decimals { text += String(repeating: "0", count: decimals - have) }
        } else if decimals > 0 {
            text += "." + String(repeating: "0", count: decimals)
        }
        return text
    }
}
