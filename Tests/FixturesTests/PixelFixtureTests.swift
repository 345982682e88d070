import DMX
import FixtureDefinitions
import Fixtures
import Foundation
import Raster
import Testing

/// Pixel fixtures: a mode's heads are cells laid along a line (a bar on a strip) or over a grid (a matrix on an
/// area, as its layout says), each sampled at its own place.
@Suite struct PixelFixtureTests {
    /// A 128×72 stage, each pixel the colour `color(x, y)` gives at its middle (0…1 across and down).
    static func stage(_ color: (Double, Double) -> [UInt8]) -> StageSampler {
        var picture = Bitmap(width: 128, height: 72)
        for row in 0..<72 {
            for column in 0..<128 {
                let offset = (row * 128 + column) * 4
                picture.pixels.replaceSubrange(offset..<(offset + 4), with: color((Double(column) + 0.5) / 128, (Double(row) + 0.5) / 72) + [255])
            }
        }
        return StageSampler(picture)
    }

    static func channels(_ fixture: Fixture, on stage: StageSampler) throws -> [UInt8] {
        let frame = try #require(FixtureOutput.frames(of: try FixturePatch([fixture]), showing: stage, controls: FixtureControls(), at: 0)[1])
        return Array(frame.levels.prefix(fixture.channelCount))
    }

    @Test func aBarsHeadsAreLaidAlongItsStripEachShowingItsOwnPlace() throws {
        let data = try Data(contentsOf: FixtureDefinitionFolders.systemFolder.appendingPathComponent("Litecraft/Litecraft-PowerBar-4.qxf"))
        let bar = try #require(try QXFReader.profile(from: data).mode(named: "16 channel mode"))
        #expect(bar.heads.count == 4 && bar.layout == PixelLayout(columns: 4, rows: 1))
        let fixture = Fixture(
            name: "Bar", universe: 1, address: 1, profile: bar, placement: .strip(from: StagePoint(x: 0, y: 0.5), to: StagePoint(x: 1, y: 0.5), pixels: 1),
            gamma: 1)
        // Red on the left quarter, green, blue, then white on the right: each zone's RGBW shows its own.
        let quarters = Self.stage { x, _ in [[255, 0, 0], [0, 255, 0], [0, 0, 255], [255, 255, 255]][min(3, Int(x * 4))] }
        #expect(try Self.channels(fixture, on: quarters) == [255, 0, 0, 0, 0, 255, 0, 0, 0, 0, 255, 0, 0, 0, 0, 255])
    }

    @Test func aMatrixsHeadsShareItsAreaAsItsLayoutSays() throws {
        let cells = (1...4).flatMap { head in
            [ProfileChannel(name: "Red \(head)", preset: "IntensityRed"), ProfileChannel(name: "Green \(head)", preset: "IntensityGreen"),
             ProfileChannel(name: "Blue \(head)", preset: "IntensityBlue")]
        }
        let profile = FixtureProfile(
            manufacturer: "Test", model: "Matrix", type: "LED Bar (Pixels)", channels: cells,
            modes: [ProfileMode(name: "12", channels: cells.map(\.name), heads: (0..<4).map { [3 * $0, 3 * $0 + 1, 3 * $0 + 2] })],
            layout: PixelLayout(columns: 2, rows: 2))
        let matrix = Fixture(
            name: "Matrix", universe: 1, address: 1, profile: profile.mode(named: "12"),
            placement: .area(x: 0.5, y: 0.5, width: 0.5, height: 0.5), gamma: 1)
        // Within the lower-right quarter of the stage: red top-left, green top-right, blue bottom-left, grey bottom-right.
        let quadrants = Self.stage { x, y in
            guard x > 0.5, y > 0.5 else { return [0, 0, 0] }
            return [[255, 0, 0], [0, 255, 0], [0, 0, 255], [100, 100, 100]][(y > 0.75 ? 2 : 0) + (x > 0.75 ? 1 : 0)]
        }
        #expect(try Self.channels(matrix, on: quadrants) == [255, 0, 0, 0, 255, 0, 0, 0, 255, 100, 100, 100])
    }
}
