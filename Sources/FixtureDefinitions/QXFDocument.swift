import Fixtures
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The elements of a `.qxf` as the parser meets them, gathered into a profile: the manufacturer, model and type,
/// each channel with its preset, group, colour, default and capabilities, each mode with its channels and heads,
/// and the pan and tilt range (the fixture's, or its first mode's).
final class QXFDocument: NSObject, XMLParserDelegate {
    private(set) var problem: String?
    private var path: [String] = []
    private var text = ""
    private var manufacturer = "", model = "", type = ""
    private var channels: [ProfileChannel] = []
    private var modes: [ProfileMode] = []
    private var channel: ProfileChannel?
    private var capability: ChannelCapability?
    private var mode: ProfileMode?
    private var modeChannel: Int?
    private var head: [Int]?
    private var focus: (pan: Double, tilt: Double)?
    private var layout: PixelLayout?
    private var elements = 0

    /// The most elements a definition may have (QLC+'s largest has about 2,000).
    static let maximumElements = 100_000

    func profile() throws(FixtureError) -> FixtureProfile {
        if let open = path.last { throw FixtureError("it is not well-formed XML (it ends inside <\(open)>)") }
        guard elements > 0 else { throw FixtureError("it is not well-formed XML (it has no element)") }
        guard !manufacturer.isEmpty || !model.isEmpty || !channels.isEmpty else {
            throw FixtureError("it is not a fixture definition (no <FixtureDefinition> with a manufacturer and a model)")
        }
        return FixtureProfile(
            manufacturer: manufacturer, model: model, type: type.isEmpty ? "Other" : type, channels: channels, modes: modes,
            panDegrees: focus?.pan ?? 0, tiltDegrees: focus?.tilt ?? 0, layout: layout)
    }

    func parser(
        _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        elements += 1
        if elements > Self.maximumElements { refuse("it has more than \(Self.maximumElements) elements", parser) }
        if path.isEmpty, element != "FixtureDefinition" { refuse("it is not a fixture definition (its root is <\(element)>)", parser) }
        let parent = path.last
        path.append(element)
        text = ""
        switch (parent, element) {
        case ("FixtureDefinition", "Channel"):
            channel = ProfileChannel(name: (attributes["Name"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines), preset: attributes["Preset"], defaultValue: attributes["Default"].flatMap { Int($0) })
        case ("Channel", "Group") where attributes["Byte"] == "1":
            channel?.fine = true
        case ("Channel", "Capability") where channel != nil:
            capability = Self.capability(attributes, parser: parser, refuse: refuse)
        case ("FixtureDefinition", "Mode"):
            mode = ProfileMode(name: (attributes["Name"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines), channels: [])
        case ("Mode", "Channel") where mode != nil:
            modeChannel = attributes["Number"].flatMap { Int($0) }
        case ("Mode", "Head") where mode != nil:
            head = []
        case ("Physical", "Layout"):
            if let columns = attributes["Width"].flatMap({ Int($0) }), let rows = attributes["Height"].flatMap({ Int($0) }),
               (1...1_024).contains(columns), (1...1_024).contains(rows), layout == nil || !path.contains("Mode") {
                layout = PixelLayout(columns: columns, rows: rows)
            }
        case ("Physical", "Focus"):
            if focus == nil || !path.contains("Mode") {  // the fixture's own, else its first mode's
                focus = (Double(attributes["PanMax"] ?? "") ?? 0, Double(attributes["TiltMax"] ?? "") ?? 0)
            }
        default: break
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        text += string
        if text.utf8.count > 65_536 { refuse("it has a text longer than 64 KB", parser) }
    }

    func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
        let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
        path.removeLast()
        let parent = path.last
        switch (parent, element) {
        case ("FixtureDefinition", "Manufacturer"): manufacturer = value
        case ("FixtureDefinition", "Model"): model = value
        case ("FixtureDefinition", "Type"): type = value
        case ("FixtureDefinition", "Channel"):
            if let channel { channels.append(channel) }
            channel = nil
        case ("Channel", "Group"): channel?.group = value
        case ("Channel", "Colour"): channel?.colour = value
        case ("Channel", "Capability"):
            if var capability { capability.description = value; channel?.capabilities.append(capability) }
            capability = nil
        case ("FixtureDefinition", "Mode"):
            if let mode { modes.append(mode) }
            mode = nil
        case ("Mode", "Channel"):
            place(value, at: modeChannel, parser)
        case ("Head", "Channel"):
            if let number = Int(value) { head?.append(number) } else { refuse("a head names channel “\(value)”, not a number", parser) }
        case ("Mode", "Head"):
            if let head { mode?.heads.append(head) }
            head = nil
        default: break
        }
        text = ""
    }

    func parser(_ parser: XMLParser, foundCDATA block: Data) {
        text += String(decoding: block, as: UTF8.self)
    }

    /// The mode's channel `number` is the profile's channel `name` (numbers run from 0, in order).
    private func place(_ name: String, at number: Int?, _ parser: XMLParser) {
        guard var mode else { return }
        let index = number ?? mode.channels.count
        guard index == mode.channels.count else {
            refuse("the mode “\(mode.name)” numbers its channels out of order (\(index) after \(mode.channels.count))", parser)
            return
        }
        mode.channels.append(name)
        self.mode = mode
    }

    private static func capability(
        _ attributes: [String: String], parser: XMLParser, refuse: (String, XMLParser) -> Void
    ) -> ChannelCapability? {
        guard let minimum = attributes["Min"].flatMap({ Int($0) }), let maximum = attributes["Max"].flatMap({ Int($0) }) else {
            refuse("a capability has no Min or Max that is a number", parser)
            return nil
        }
        let colors = [attributes["Res1"], attributes["Res2"], attributes["Color"], attributes["Color2"]].compactMap { $0 }.filter { $0.hasPrefix("#") }
        return ChannelCapability(minimum: minimum, maximum: maximum, description: "", preset: attributes["Preset"], colors: colors)
    }

    private func refuse(_ why: String, _ parser: XMLParser) {
        if problem == nil { problem = why }
        parser.abortParsing()
    }
}
