import Foundation

/// The one rule for text a person gives the instrument — chordset and chord titles, the names of parts,
/// voices, compositions and sounds, the strings of preferences — applied at every door (HTTP, the live
/// socket, OSC, the command line, chordset and composition files, performance logs) through `checked`.
///
/// Text is taken in Unicode's composed form (NFC), trimmed of white space at both ends, and refused when it
/// holds a control character (C0, DEL or C1, NUL included), a byte-order mark, a line or paragraph separator,
/// or a lone surrogate; when it is empty (where a name is needed); or when it is longer than its limit, in
/// characters as a person counts them and in UTF-8 bytes (16 to a character, so that one character cannot
/// carry thousands of combining marks). What the rule accepts is stored and read back exactly as it returns it.
public enum UserText {
    /// A name for a file made of `title` — a download, a render: its ASCII letters, digits, dashes and
    /// underscores, words apart by one space, at most 80 characters — or `fallback` when that leaves nothing.
    public static func fileName(for title: String, otherwise fallback: String) -> String {
        let kept = title.unicodeScalars.filter { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || " -_".unicodeScalars.contains($0)) }
        let name = String(String.UnicodeScalarView(kept)).split(separator: " ").joined(separator: " ")
        return name.isEmpty ? fallback : String(name.prefix(80))
    }

    /// The longest name or title, in characters.
    public static let maximumLength = 200

    /// How many UTF-8 bytes a text of `characters` characters may take at most.
    public static func maximumBytes(forLength characters: Int) -> Int { characters * 16 }

    /// `text` as the rule keeps it (composed, trimmed), or a `UserTextError` saying in one line why `what`
    /// ("a chordset title", "a part's name") cannot be it.
    public static func checked(
        _ text: String, as what: String, maximumLength: Int = maximumLength, allowsEmpty: Bool = false
    ) throws(UserTextError) -> String {
        if let scalar = text.unicodeScalars.first(where: isRefused) {
            throw UserTextError("\(what) cannot hold \(describe(scalar)); type it again without it")
        }
        let kept = text.precomposedStringWithCanonicalMapping.trimmingCharacters(in: .whitespacesAndNewlines)
        guard allowsEmpty || !kept.isEmpty else { throw UserTextError("\(what) cannot be empty") }
        guard kept.count <= maximumLength else {
            throw UserTextError("\(what) has at most \(maximumLength) characters; this one has \(kept.count)")
        }
        guard kept.utf8.count <= maximumBytes(forLength: maximumLength) else {
            throw UserTextError("\(what) is too long: \(kept.utf8.count) bytes of UTF-8, at most \(maximumBytes(forLength: maximumLength))")
        }
        return kept
    }

    /// Whether `text` is already as `checked` keeps it: a value a model may hold as it is.
    public static func isKept(_ text: String, maximumLength: Int = maximumLength, allowsEmpty: Bool = false) -> Bool {
        (try? checked(text, as: "", maximumLength: maximumLength, allowsEmpty: allowsEmpty)) == text  // a refused text is not kept
    }

    /// `text` made to follow the rule by taking out what it refuses and cutting what is too long; nil when
    /// nothing is left (a name to be given anew). For mending what an earlier build stored.
    public static func mended(_ text: String, maximumLength: Int = maximumLength) -> String? {
        let cleaned = String(String.UnicodeScalarView(text.unicodeScalars.filter { !isRefused($0) }))
        var kept = cleaned.precomposedStringWithCanonicalMapping.trimmingCharacters(in: .whitespacesAndNewlines)
        if kept.count > maximumLength { kept = String(kept.prefix(maximumLength)) }
        while kept.utf8.count > maximumBytes(forLength: maximumLength) { kept.removeLast() }
        kept = kept.trimmingCharacters(in: .whitespacesAndNewlines)
        return kept.isEmpty ? nil : kept
    }

    /// `text` with what the rule refuses written out as `\u{…}`: for showing a damaged name on one line.
    public static func printable(_ text: String) -> String {
        var shown = ""
        for scalar in text.unicodeScalars {
            if isRefused(scalar) { shown += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}" } else { shown.unicodeScalars.append(scalar) }
        }
        return shown
    }

    /// Control characters (C0, DEL, C1), the byte-order mark, line and paragraph separators, surrogates and
    /// the two noncharacters that stand for a broken byte order.
    static func isRefused(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0xFEFF, 0x2028, 0x2029, 0xD800...0xDFFF, 0xFFFE, 0xFFFF: true
        default: false
        }
    }

    private static func describe(_ scalar: Unicode.Scalar) -> String {
        let code = "U+" + String(format: "%04X", scalar.value)
        switch scalar.value {
        case 0x00: return "a NUL character (\(code))"
        case 0x09: return "a tab (\(code))"
        case 0x0A, 0x0D, 0x2028, 0x2029: return "a line break (\(code))"
        case 0xFEFF: return "a byte-order mark (\(code))"
        case 0xFFFE, 0xFFFF: return "the noncharacter \(code)"
        default: return "a control character (\(code))"
        }
    }
}

/// Text refused by `UserText`'s rule (or by a reading built on it, as a network target's), with the reason
/// in one line.
public struct UserTextError: Error, Hashable, Sendable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
