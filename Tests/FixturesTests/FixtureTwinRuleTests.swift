import Fixtures
import Foundation
import Testing

/// The fixture patch's numbers (Tests/fixtures/twin-rules/fixture-patch.json), which the console's form
/// (console/fixtures/fixtures-model.js) is held to as well, by `node --test`: each kind's channels, and each
/// number kept at its bounds and refused just past them.
@Suite struct FixtureTwinRuleTests {
    struct Table: Decodable {
        let kinds: [String: Int]
        let limits: [String: [Double]]
        let defaultGamma: Double
    }

    static let table: Table? = {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("fixtures/twin-rules/fixture-patch.json")
        return (try? Data(contentsOf: file)).flatMap { try? JSONDecoder().decode(Table.self, from: $0) }
    }()

    private func fixture(universe: Int = 1, address: Int = 1, pixels: Int? = nil, gamma: Double = 1, level: Double = 1) -> Fixture {
        let placement: FixturePlacement = pixels.map { .strip(from: StagePoint(x: 0, y: 0.5), to: StagePoint(x: 1, y: 0.5), pixels: $0) }
            ?? .point(StagePoint(x: 0.5, y: 0.5))
        return Fixture(name: "F", universe: universe, address: address, kind: .dimmer, placement: placement, gamma: gamma, level: level)
    }

    @Test func eachKindTakesTheChannelsTheTableSays() throws {
        let table = try #require(Self.table)
        #expect(Dictionary(uniqueKeysWithValues: FixtureKind.allCases.map { ($0.rawValue, $0.channelCount) }) == table.kinds)
        #expect(Fixture.defaultGamma == table.defaultGamma)
    }

    @Test func eachNumberIsKeptAtItsBoundsAndRefusedPastThem() throws {
        let limits = try #require(Self.table?.limits)
        func kept(_ fixture: Fixture) -> Bool { (try? fixture.checked()) != nil }
        let (universe, address, pixels) = (try #require(limits["universe"]), try #require(limits["address"]), try #require(limits["pixels"]))
        let (gamma, level) = (try #require(limits["gamma"]), try #require(limits["level"]))
        for bound in universe { #expect(kept(fixture(universe: Int(bound)))) }
        #expect(!kept(fixture(universe: Int(universe[0]) - 1)) && !kept(fixture(universe: Int(universe[1]) + 1)))
        for bound in address { #expect(kept(fixture(address: Int(bound)))) }
        #expect(!kept(fixture(address: Int(address[0]) - 1)) && !kept(fixture(address: Int(address[1]) + 1)))
        for bound in pixels { #expect(kept(fixture(pixels: Int(bound)))) }
        #expect(!kept(fixture(pixels: Int(pixels[0]) - 1)) && !kept(fixture(pixels: Int(pixels[1]) + 1)))
        for bound in gamma { #expect(kept(fixture(gamma: bound))) }
        #expect(!kept(fixture(gamma: gamma[0] - 0.01)) && !kept(fixture(gamma: gamma[1] + 0.01)))
        for bound in level { #expect(kept(fixture(level: bound))) }
        #expect(!kept(fixture(level: level[0] - 0.01)) && !kept(fixture(level: level[1] + 0.01)))
    }
}
