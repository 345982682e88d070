import FixtureDefinitions
import Fixtures
import Foundation
import Testing

/// Fixture definitions built to hurt — an entity bomb, an external entity, 50 MB, broken XML, wrong types —
/// each refused with one line; a folder holding them still gives its good definitions.
@Suite struct HostileDefinitionTests {
    static let good = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE FixtureDefinition>
        <FixtureDefinition xmlns="http://www.qlcplus.org/FixtureDefinition">
         <Manufacturer>Test</Manufacturer>
         <Model>Par</Model>
         <Type>Color Changer</Type>
         <Channel Name="Red" Preset="IntensityRed"/>
         <Channel Name="Green" Preset="IntensityGreen"/>
         <Channel Name="Blue" Preset="IntensityBlue"/>
         <Mode Name="3-Ch">
          <Channel Number="0">Red</Channel>
          <Channel Number="1">Green</Channel>
          <Channel Number="2">Blue</Channel>
         </Mode>
        </FixtureDefinition>
        """

    static func refusal(_ text: String) -> String? {
        refusal(Data(text.utf8))
    }

    static func refusal(_ data: Data) -> String? {
        do {
            _ = try QXFReader.profile(from: data)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func aGoodDefinitionIsRead() throws {
        let profile = try QXFReader.profile(from: Data(Self.good.utf8))
        #expect(profile.manufacturer == "Test" && profile.model == "Par" && profile.modes.map(\.name) == ["3-Ch"])
        #expect(profile.channels.map(\.preset) == ["IntensityRed", "IntensityGreen", "IntensityBlue"])
    }

    @Test func anEntityBombAndAnExternalEntityAreRefusedBeforeAnyParserSeesThem() {
        let bomb = """
            <?xml version="1.0"?>
            <!DOCTYPE FixtureDefinition [
             <!ENTITY a "aaaaaaaaaa">
             <!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">
             <!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">
             <!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">
            ]>
            <FixtureDefinition><Manufacturer>&d;</Manufacturer></FixtureDefinition>
            """
        #expect(Self.refusal(bomb) == "a fixture definition declares no document type of its own (no DTD, no entities)")
        let external = """
            <?xml version="1.0"?>
            <!DOCTYPE FixtureDefinition SYSTEM "file:///etc/passwd">
            <FixtureDefinition><Manufacturer>x</Manufacturer></FixtureDefinition>
            """
        #expect(Self.refusal(external) == "a fixture definition declares no document type of its own (no DTD, no entities)")
        let hidden = Self.good.replacingOccurrences(of: "<Type>", with: "<!ENTITY x SYSTEM \"http://example.com/\"><Type>")
        #expect(Self.refusal(hidden) == "a fixture definition declares no entities")
    }

    @Test func fiftyMegabytesAreRefusedAndNotReadWhole() throws {
        #expect(Self.refusal(Data(count: 50 << 20)) == "a fixture definition is at most 1024 KB; this one is 51200 KB")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-qxf-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }  // a test's own scratch folder
        try Data().write(to: folder.appendingPathComponent("huge.qxf"))
        let huge = try FileHandle(forWritingTo: folder.appendingPathComponent("huge.qxf"))
        try huge.truncate(atOffset: 50 << 20)  // sparse: 50 MB that take no disk
        try huge.close()
        try Data(Self.good.utf8).write(to: folder.appendingPathComponent("good.qxf"))
        try Data("<FixtureDefinition><Manufacturer>".utf8).write(to: folder.appendingPathComponent("cut.qxf"))
        let reading = FixtureDefinitionFolders(folders: [folder]).read()
        #expect(reading.profiles.map(\.model) == ["Par"])
        #expect(reading.refused.map { URL(fileURLWithPath: $0.file).lastPathComponent } == ["cut.qxf", "huge.qxf"])
        #expect(reading.refused[1].reason == "a fixture definition is at most 1024 KB; this one is 1024 KB")
    }

    @Test func brokenXMLAndWrongTypesAreRefusedWithWhy() {
        let cases: [(String, String)] = [
            ("<FixtureDefinition><Manufacturer>Test</Manufacturer>", "it is not well-formed XML"),
            ("", "it is not well-formed XML"),
            ("<Workspace/>", "it is not a fixture definition (its root is <Workspace>)"),
            (Self.good.replacingOccurrences(of: "<Mode Name=\"3-Ch\">", with: "<Mode Name=\"3-Ch\"><Channel Number=\"5\">Red</Channel>"),
             "the mode “3-Ch” numbers its channels out of order (5 after 0)"),
            (Self.good.replacingOccurrences(of: "<Channel Name=\"Red\" Preset=\"IntensityRed\"/>", with: "<Channel Name=\"Red\"><Capability Min=\"low\" Max=\"9\">x</Capability></Channel>"),
             "a capability has no Min or Max that is a number"),
            (Self.good.replacingOccurrences(of: "<Channel Name=\"Red\" Preset=\"IntensityRed\"/>", with: "<Channel Name=\"Red\"><Capability Min=\"0\" Max=\"999\">x</Capability></Channel>"),
             "the profile “Test Par”: its channel “Red” has a capability from 0 to 999, not within 0 to 255"),
            (Self.good.replacingOccurrences(of: "<Manufacturer>Test</Manufacturer>", with: ""), "a fixture profile names its manufacturer and its model"),
            (Self.good.replacingOccurrences(of: ">Blue</Channel>", with: ">Violet</Channel>"), "the profile “Test Par”: its mode “3-Ch” names a channel it does not have, “Violet”"),
        ]
        for (text, said) in cases {
            let refusal = Self.refusal(text)
            #expect(refusal?.hasPrefix(said) == true, "\(said): \(refusal ?? "read")")
            #expect(refusal?.contains("\n") == false)
        }
    }
}
