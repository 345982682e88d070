import Foundation

/// A set recorded in parts: when a recording fills, it is saved and the next part begins at once, named
/// after it — `performance-2026-11-28T21-00-00.000Z.json`, then `…-part2.json`, `…-part3.json` — each a
/// performance log of its own, renderable alone, and rendered in order as one video by `imager render
/// performance --whole-set`.
public enum RecordingSet {
    /// The name (without extension) of the part that follows the one saved at `log`.
    public static func name(ofPartAfter log: URL) -> String {
        let (base, part) = split(log.deletingPathExtension().lastPathComponent)
        return "\(base)-part\(part + 1)"
    }

    /// The parts of the set `log` belongs to, first to last, as they are in its folder: the first (the name
    /// without `-partN`) and every `-partN` after it, in the order of N. `log` itself is always among them.
    public static func parts(of log: URL) throws -> [URL] {
        let folder = log.deletingLastPathComponent()
        let pathExtension = log.pathExtension
        let (base, _) = split(log.deletingPathExtension().lastPathComponent)
        var numbered: [(part: Int, url: URL)] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            let url = folder.appendingPathComponent(name)
            guard url.pathExtension == pathExtension else { continue }
            let (itsBase, part) = split(url.deletingPathExtension().lastPathComponent)
            if itsBase == base { numbered.append((part, url)) }
        }
        let parts = numbered.sorted { $0.part < $1.part }.map(\.url)
        return parts.contains(where: { $0.lastPathComponent == log.lastPathComponent }) ? parts : [log]
    }

    /// `name` as the set's name and its part number: `x-part3` is part 3 of `x`; a name without one, part 1.
    static func split(_ name: String) -> (base: String, part: Int) {
        guard let range = name.range(of: "-part", options: .backwards) else { return (name, 1) }
        let digits = name[range.upperBound...]
        guard !digits.isEmpty, digits.count <= 6, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber), digits.first != "0",
            let part = Int(digits), part >= 2
        else { return (name, 1) }
        return (String(name[..<range.lowerBound]), part)
    }
}
