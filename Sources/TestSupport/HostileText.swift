import Instrument

/// Text a hostile or careless client might send as a name, drawn from a seed so a failing case comes back:
/// NUL and other controls, lone-surrogate stand-ins, byte-order marks, combining marks (decomposed letters
/// that NFC composes), right-to-left marks, emoji sequences, white space at the ends, and very long text.
public enum HostileText {
    /// Fragments every sample is made of.
    public static let fragments: [String] = [
        "Verse", "Chorus", "A", "é", "e\u{301}", "Å", "A\u{30A}", "日本語", "שלום", "\u{200F}", "\u{200E}", "مرحبا",
        "👩‍👩‍👧‍👦", "🏳️‍🌈", "🇫🇷", " ", "  ", "\u{00A0}", "\u{3000}", "\u{0}", "\u{1}", "\u{7}", "\t", "\n", "\r\n",
        "\u{7F}", "\u{85}", "\u{9F}", "\u{FEFF}", "\u{2028}", "\u{2029}", "\u{FFFD}", "\u{FFFE}", "\u{200B}", "\u{200D}",
        "\u{301}\u{301}\u{301}", "\"", "'", "\\", "%s", "'); DROP TABLE chordset; --", "<b>", "&amp;", "\u{10FFFF}",
    ]

    /// `count` samples from `seed`: short mixes of fragments, and now and then a very long text (10,000
    /// characters, or one character under thousands of combining marks).
    public static func samples(count: Int, seed: UInt64) -> [String] {
        var drawn: Int64 = 0
        func next() -> UInt64 {
            drawn += 1
            return StableRandom.bits(seed, drawn)
        }
        return (0..<count).map { _ in
            switch next() % 20 {
            case 0: return String(repeating: "x", count: 10_000)
            case 1: return "a" + String(repeating: "\u{301}", count: 5_000)
            case 2: return String(repeating: "é", count: 200)
            case 3: return String(repeating: "e\u{301}", count: 201)
            default:
                let length = Int(next() % 5) + 1
                return (0..<length).map { _ in fragments[Int(next() % UInt64(fragments.count))] }.joined()
            }
        }
    }
}
