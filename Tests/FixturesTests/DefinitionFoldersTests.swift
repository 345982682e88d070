import FixtureDefinitions
import Fixtures
import Foundation
import TestSupport
import Testing

/// How an imported fixture definition is kept in the user's folder: a model imported again replaces
/// its own file, another model never replaces it.
@Suite struct DefinitionFoldersTests {
    /// HostileDefinitionTests' good definition, made `manufacturer`'s `model` with `channel` as its one colour.
    static func definition(_ manufacturer: String, _ model: String, channel: String = "Red") -> Data {
        let text = HostileDefinitionTests.good
            .replacingOccurrences(of: "<Manufacturer>Test</Manufacturer>", with: "<Manufacturer>\(manufacturer)</Manufacturer>")
            .replacingOccurrences(of: "<Model>Par</Model>", with: "<Model>\(model)</Model>")
            .replacingOccurrences(of: "\"Red\"", with: "\"\(channel)\"").replacingOccurrences(of: ">Red<", with: ">\(channel)<")
        return Data(text.utf8)
    }

    @Test func aModelImportedAgainReplacesItsOwnFileAndAnotherOfTheSameFileNameIsKeptBesideIt() throws {
        let home = try TemporaryFolder()
        defer { home.remove() }
        let folders = FixtureDefinitionFolders(folders: [home.file("user")])
        _ = try folders.keep(Self.definition("A B", "C"))
        _ = try folders.keep(Self.definition("A", "B C"))  // the same file name, A-B-C: kept beside, not over
        _ = try folders.keep(Self.definition("A", "B C", channel: "Rouge"))  // imported again: replaces its own
        let files = FixtureDefinitionFolders.definitions(under: home.file("user")).map(\.lastPathComponent)
        #expect(files == ["A-B-C-2.qxf", "A-B-C.qxf"])
        let read = folders.read()
        #expect(read.refused.isEmpty)
        let models = read.profiles.map { "\($0.manufacturer)|\($0.model)|\($0.channels[0].name)" }.sorted()
        #expect(models == ["A B|C|Red", "A|B C|Rouge"])
    }

    @Test func aModelImportedAgainFindsItsOwnFileEvenPastAFreeName() throws {
        let home = try TemporaryFolder()
        defer { home.remove() }
        let folders = FixtureDefinitionFolders(folders: [home.url])
        _ = try folders.keep(Self.definition("A B", "C"))
        _ = try folders.keep(Self.definition("A", "B C"))  // A-B-C-2.qxf
        _ = try folders.keep(Self.definition("A-B", "C"))  // A-B-C-3.qxf
        try FileManager.default.removeItem(at: home.file("A-B-C-2.qxf"))  // -2 free again, -3 still A-B's C
        _ = try folders.keep(Self.definition("A-B", "C", channel: "Rouge"))
        #expect(FixtureDefinitionFolders.definitions(under: home.url).map(\.lastPathComponent) == ["A-B-C-3.qxf", "A-B-C.qxf"])
        #expect(folders.read().profiles.first { $0.manufacturer == "A-B" }?.channels.first?.name == "Rouge")
    }

    @Test func aFileThatCannotBeReadIsPassedOverNotReplaced() throws {
        let home = try TemporaryFolder()
        defer { home.remove() }
        let folders = FixtureDefinitionFolders(folders: [home.url])
        try Data("not a definition".utf8).write(to: home.file("A-B.qxf"))
        _ = try folders.keep(Self.definition("A", "B"))
        #expect(try String(contentsOf: home.file("A-B.qxf"), encoding: .utf8) == "not a definition")
        #expect(folders.read().profiles.map(\.model) == ["B"])
    }
}
