import Fixtures
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads a fixture definition in QLC+'s `.qxf` format (which Open Fixture Library exports too) into a
/// `FixtureProfile`, safely: a file of at most `maximumBytes`, no document type with declarations of its own
/// (the bare `<!DOCTYPE FixtureDefinition>` every definition starts with is all there is), no entity but XML's
/// five and character references, nothing fetched; every refusal one line saying why.
public enum QXFReader {
    /// The largest definition read.
    public static let maximumBytes = FixtureProfile.maximumDefinitionBytes

    /// The profile `data` defines (its modes that cannot be used left out: see `reading(_:)`).
    public static func profile(from data: Data) throws(FixtureError) -> FixtureProfile {
        try reading(data).profile
    }

    /// The profile `data` defines, and a line for each of its modes left out because it names a channel the
    /// definition does not have (a slip in some of QLC+'s files: the fixture's other modes still patch).
    public static func reading(_ data: Data) throws(FixtureError) -> (profile: FixtureProfile, leftOut: [String]) {
        guard data.count <= maximumBytes else {
            throw FixtureError("a fixture definition is at most \(maximumBytes / 1024) KB; this one is \(data.count / 1024) KB")
        }
        try refuseDeclarations(in: data)
        let reading = QXFDocument()
        let parser = XMLParser(data: data)
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = false
        parser.delegate = reading
        guard parser.parse(), reading.problem == nil else {
            let line = parser.lineNumber
            throw FixtureError(reading.problem ?? "it is not well-formed XML (line \(line): \(parser.parserError.map { "\($0.localizedDescription)" } ?? "unreadable"))")
        }
        var profile = try reading.profile()
        var leftOut: [String] = []
        let usable = profile.modes.filter { mode in
            var alone = profile
            alone.modes = [mode]
            do throws(FixtureError) { try alone.validate() } catch {
                leftOut.append(error.description)
                return false
            }
            return true
        }
        if !usable.isEmpty { profile.modes = usable }
        try profile.validate()
        return (profile, leftOut)
    }

    /// Refuses a document type that declares anything — entities (a "billion laughs" grows from a few), an
    /// external subset (a file or an address to fetch) — before any parser sees it.
    static func refuseDeclarations(in data: Data) throws(FixtureError) {
        let head = String(decoding: data.prefix(4096), as: UTF8.self)
        if let doctype = head.range(of: "<!DOCTYPE") {
            let rest = head[doctype.upperBound...]
            let end = rest.firstIndex(of: ">") ?? rest.endIndex
            let declaration = rest[..<end]
            if declaration.contains("[") || declaration.contains("SYSTEM") || declaration.contains("PUBLIC") {
                throw FixtureError("a fixture definition declares no document type of its own (no DTD, no entities)")
            }
        }
        if data.range(of: Data("<!ENTITY".utf8)) != nil || data.range(of: Data("<!ELEMENT".utf8)) != nil {
            throw FixtureError("a fixture definition declares no entities")
        }
    }
}
