import Foundation
import Fixtures
import Testing
import TestSupport

/// The patch: each light's channels, strips across universes, and every clash refused whole with its name.
@Suite struct FixturePatchTests {
    private func par(_ name: String, universe: Int = 1, address: Int, kind: FixtureKind = .rgb) -> Fixture {
        Fixture(name: name, universe: universe, address: address, kind: kind, placement: .point(StagePoint(x: 0.5, y: 0.5)))
    }

    private func refusal(_ fixtures: [Fixture]) -> String? {
        do { _ = try FixturePatch(fixtures); return nil } catch { return error.description }
    }

    @Test func aStripContinuesInTheNextUniverseWhenALightNoLongerFits() throws {
        let strip = Fixture(
            name: "Strip", universe: 1, address: 1, kind: .rgb,
            placement: .strip(from: StagePoint(x: 0, y: 0.9), to: StagePoint(x: 1, y: 0.9), pixels: 200))
        let patch = try FixturePatch([strip, par("Par", universe: 2, address: 91)])
        let lights = patch.lights[0]
        // 170 lights of 3 channels fill 510 of universe 1; the 171st starts universe 2.
        #expect(lights[169].universe == 1 && lights[169].address == 508)
        #expect(lights[170].universe == 2 && lights[170].address == 1 && lights[199].address == 88)
        #expect(patch.universes == [1, 2])
        // Each light at the middle of its share of the line.
        #expect(lights[0].region == .point(StagePoint(x: 0.0025, y: 0.9)))
        #expect(refusal([strip, par("Par", universe: 2, address: 90)]) == "fixture “Par” overlaps “Strip” at channel 90 of universe 2")
    }

    @Test func theFirstClashIsNamedAndNothingIsKept() {
        #expect(refusal([par("Par 1", address: 1), par("Par 2", address: 3)]) == "fixture “Par 2” overlaps “Par 1” at channel 3 of universe 1")
        #expect(refusal([par("Wash", address: 510, kind: .rgbw)])?.contains("runs past channel 512 of universe 1") == true)
        #expect(refusal([par("Par", address: 1), par("Par", universe: 2, address: 1)])?.contains("two fixtures are called “Par”") == true)
        #expect(refusal([par("Dimmer", address: 512, kind: .dimmer)]) == nil)
        #expect(refusal([par("Par", universe: 1, address: 1), par("Par 2", universe: 2, address: 1)]) == nil)
        // At most 256 fixtures (a strip of up to 2,048 lights is one): a patch fits in one request to the API.
        let many = (0..<257).map { par("Par \($0)", universe: $0 + 1, address: 1) }
        #expect(refusal(Array(many.prefix(256))) == nil)
        #expect(refusal(many) == "a patch has at most 256 fixtures; this has 257")
    }

    @Test(arguments: [("", "cannot be empty"), ("Par\u{0}1", "cannot hold"), ("\u{2028}", "cannot hold"), (String(repeating: "x", count: 201), "at most 200")])
    func hostileNamesAreRefused(name: String, says: String) {
        #expect(refusal([par(name, address: 1)])?.contains(says) == true)
    }

    @Test func namesAreTakenAsTheTextRuleKeepsThem() throws {
        // U+212B (the Ångström sign) is composed to U+00C5; spaces at the ends go.
        let patch = try FixturePatch([par(" Ba\u{212B}ss ", address: 1)])
        #expect(patch.fixtures[0].name.unicodeScalars.map(\.value) == "Ba\u{C5}ss".unicodeScalars.map(\.value))
        #expect(refusal([par("Par", address: 1), par("Par ", universe: 2, address: 1)])?.contains("two fixtures are called “Par”") == true)
    }

    @Test func numbersOutOfRangeAreRefusedWithWhy() {
        var fixture = par("Par", address: 1)
        let cases: [(WritableKeyPath<Fixture, Double>, Double)] = [(\.gamma, .nan), (\.gamma, 0.5), (\.level, 2), (\.level, -.infinity)]
        for (path, value) in cases {
            var bad = fixture
            bad[keyPath: path] = value
            #expect(refusal([bad]) != nil)
        }
        fixture.universe = 64_000
        #expect(refusal([fixture])?.contains("a universe is 1 to 63999") == true)
        fixture.universe = 1
        fixture.address = 0
        #expect(refusal([fixture])?.contains("an address is 1 to 512") == true)
        fixture.address = 1
        fixture.placement = .area(x: 0.5, y: 0.5, width: 0.6, height: 0.1)
        #expect(refusal([fixture])?.contains("stays on the stage") == true)
        fixture.placement = .strip(from: StagePoint(x: 0, y: 0), to: StagePoint(x: 1, y: .nan), pixels: 4)
        #expect(refusal([fixture])?.contains("strip end is on the stage") == true)
        fixture.placement = .strip(from: StagePoint(x: 0, y: 0), to: StagePoint(x: 1, y: 1), pixels: 0)
        #expect(refusal([fixture])?.contains("a strip has 1 to 2048 pixels") == true)
    }

    @Test func aPatchReadsBackAsItWasWrittenAndJSONWithoutAPlaceIsRefused() throws {
        let json = """
            [{"name": "Par", "universe": 1, "address": 1, "kind": "rgbw", "point": {"x": 0.25, "y": 0.5}},
             {"name": "Wash", "universe": 1, "address": 5, "kind": "dimmer", "area": {"x": 0, "y": 0, "width": 1, "height": 0.5}, "gamma": 1, "level": 0.5},
             {"name": "Strip", "universe": 3, "address": 1, "kind": "rgb", "strip": {"from": {"x": 0, "y": 1}, "to": {"x": 1, "y": 1}, "pixels": 60}}]
            """
        let patch = try JSONDecoder().decode(FixturePatch.self, from: Data(json.utf8))
        #expect(patch.fixtures[0].gamma == 2.2 && patch.fixtures[0].level == 1 && patch.fixtures[1].level == 0.5)
        #expect(try JSONDecoder().decode(FixturePatch.self, from: JSONEncoder().encode(patch)) == patch)
        for bad in [
            #"[{"name": "Par", "universe": 1, "address": 1, "kind": "rgb"}]"#,
            #"[{"name": "Par", "universe": 1, "address": 1, "kind": "rgb", "point": {"x": 0, "y": 0}, "area": {"x": 0, "y": 0, "width": 1, "height": 1}}]"#,
            #"[{"name": "Par", "universe": 1, "address": 1, "kind": "laser", "point": {"x": 0, "y": 0}}]"#,
            #"[{"name": "A", "universe": 1, "address": 1, "kind": "rgb", "point": {"x": 0, "y": 0}}, {"name": "B", "universe": 1, "address": 2, "kind": "rgb", "point": {"x": 0, "y": 0}}]"#,
        ] {
            #expect(throws: DecodingError.self) { try JSONDecoder().decode(FixturePatch.self, from: Data(bad.utf8)) }
        }
    }

    /// Any patch accepted gives every channel to one light at most, all within 1…512, each fixture's first light
    /// where it was patched; whatever is refused says why. Seeded, so a failure repeats.
    @Test func aSeededFuzzOfPatchesNeverOverlapsAndNeverTraps() {
        var random = SeededGenerator(seed: 36)
        var accepted = 0
        for _ in 0..<2_000 {
            let fixtures = (0..<Int.random(in: 1...6, using: &random)).map { index in
                Fixture(
                    name: index == 5 ? "F0" : "F\(index)", universe: Int.random(in: -1...4, using: &random),
                    address: Int.random(in: -2...515, using: &random), kind: FixtureKind.allCases.randomElement(using: &random)!,
                    placement: Bool.random(using: &random)
                        ? .point(StagePoint(x: Double.random(in: -0.1...1.1, using: &random), y: 0.5))
                        : .strip(from: StagePoint(x: 0, y: 0), to: StagePoint(x: 1, y: 1), pixels: Int.random(in: -1...300, using: &random)),
                    gamma: [1, 2.2, .nan, 9].randomElement(using: &random)!, level: 1)
            }
            guard let patch = try? FixturePatch(fixtures) else { continue }
            accepted += 1
            var owners: [Int: [Int: Int]] = [:]
            for (index, (fixture, lights)) in zip(patch.fixtures, patch.lights).enumerated() {
                #expect(lights.first?.universe == fixture.universe && lights.first?.address == fixture.address)
                for light in lights {
                    for channel in light.address..<(light.address + fixture.kind.channelCount) {
                        #expect((1...512).contains(channel))
                        #expect(owners[light.universe, default: [:]][channel] == nil)
                        owners[light.universe, default: [:]][channel] = index
                    }
                }
            }
        }
        #expect(accepted > 100)
    }
}
