import DMX
import Fixtures
import Raster
import Testing

/// A picture of the stage into exact channel values: a full-stage colour, a stage split in two, areas, and the
/// gamma, level, master, blackout and test modes on top.
@Suite struct FixtureOutputTests {
    /// A 128×72 stage, its left half `left` and its right half `right`.
    private func stage(left: [UInt8], right: [UInt8]) -> StageSampler {
        var picture = Bitmap(width: 128, height: 72)
        for row in 0..<72 {
            for column in 0..<128 {
                let offset = (row * 128 + column) * 4
                picture.pixels.replaceSubrange(offset..<(offset + 4), with: (column < 64 ? left : right) + [255])
            }
        }
        return StageSampler(picture)
    }

    private func fixture(_ kind: FixtureKind, at placement: FixturePlacement, gamma: Double = 1, level: Double = 1) -> Fixture {
        Fixture(name: "F", universe: 1, address: 1, kind: kind, placement: placement, gamma: gamma, level: level)
    }

    private func channels(
        _ fixture: Fixture, on stage: StageSampler, controls: FixtureControls = FixtureControls(), at time: Double = 0
    ) throws -> [UInt8] {
        let patch = try FixturePatch([fixture])
        let frame = try #require(FixtureOutput.frames(of: patch, showing: stage, controls: controls, at: time)[1])
        return Array(frame.levels.prefix(fixture.kind.channelCount * fixture.pixelCount))
    }

    private let middle = FixturePlacement.point(StagePoint(x: 0.25, y: 0.5))

    @Test func eachKindShowsTheColourInItsOwnChannels() throws {
        let orange = stage(left: [200, 100, 50], right: [0, 0, 0])
        #expect(try channels(fixture(.rgb, at: middle), on: orange) == [200, 100, 50])
        #expect(try channels(fixture(.rgbw, at: middle), on: orange) == [150, 50, 0, 50])
        #expect(try channels(fixture(.rgbd, at: middle, level: 0.5), on: orange) == [200, 100, 50, 128])
        #expect(try channels(fixture(.rgbwd, at: middle), on: orange) == [150, 50, 0, 50, 255])
        // Rec. 709 luminance: 0.2126 × 200 + 0.7152 × 100 + 0.0722 × 50 = 117.6.
        #expect(try channels(fixture(.dimmer, at: middle), on: orange) == [118])
    }

    @Test func gammaLevelAndMasterShapeTheLight() throws {
        let grey = stage(left: [128, 128, 128], right: [255, 255, 255])
        // (128/255)^2.2 × 255 = 56.0
        #expect(try channels(fixture(.rgb, at: middle, gamma: 2.2), on: grey) == [56, 56, 56])
        #expect(try channels(fixture(.rgb, at: middle, level: 0.5), on: grey, controls: FixtureControls(master: 0.5)) == [32, 32, 32])
        // A dark fixture sends 0 on every channel, its colour channels too.
        #expect(try channels(fixture(.rgbd, at: middle), on: grey, controls: FixtureControls(master: 0)) == [0, 0, 0, 0])
        #expect(try channels(fixture(.rgbwd, at: middle), on: grey, controls: FixtureControls(blackout: true)) == [0, 0, 0, 0, 0])
    }

    @Test func aStripAcrossASplitStageFollowsIt() throws {
        let split = stage(left: [255, 0, 0], right: [0, 0, 255])
        let strip = fixture(.rgb, at: .strip(from: StagePoint(x: 0, y: 0.5), to: StagePoint(x: 1, y: 0.5), pixels: 4))
        #expect(try channels(strip, on: split) == [255, 0, 0, 255, 0, 0, 0, 0, 255, 0, 0, 255])
    }

    @Test func anAreaShowsTheMeanOfItsPixels() throws {
        let split = stage(left: [255, 0, 0], right: [0, 0, 255])
        #expect(try channels(fixture(.rgb, at: .area(x: 0.25, y: 0, width: 0.5, height: 1)), on: split) == [128, 0, 128])
        #expect(try channels(fixture(.rgb, at: .area(x: 0, y: 0, width: 0.5, height: 1)), on: split) == [255, 0, 0])
        // Smaller than a pixel: the pixel at its middle.
        #expect(try channels(fixture(.rgb, at: .area(x: 0.9, y: 0.5, width: 0.001, height: 0.001)), on: split) == [0, 0, 255])
        #expect(StageSampler(Bitmap(width: 0, height: 0)).color(of: .point(StagePoint(x: 0.5, y: 0.5))) == .black)
    }

    @Test func theTestModesLightTheRigWhateverTheStage() throws {
        let dark = stage(left: [0, 0, 0], right: [0, 0, 0])
        let lit = stage(left: [10, 20, 30], right: [10, 20, 30])
        let par = fixture(.rgbwd, at: middle, level: 0)
        #expect(try channels(par, on: dark, controls: FixtureControls(test: FixtureTest(.white))) == [255, 255, 255, 255, 255])
        #expect(try channels(fixture(.rgb, at: middle), on: lit, controls: FixtureControls(test: FixtureTest(.black))) == [0, 0, 0])
        let identify = FixtureControls(test: FixtureTest(.identify, fixture: "F"))
        #expect(try channels(par, on: dark, controls: identify, at: 0.1) == [255, 255, 255, 255, 255])
        #expect(try channels(par, on: dark, controls: identify, at: 0.3) == [0, 0, 0, 0, 0])
        // Another fixture identified: this one is dark; another tested white: this one shows the stage.
        #expect(try channels(fixture(.rgb, at: middle), on: lit, controls: FixtureControls(test: FixtureTest(.identify, fixture: "G"))) == [0, 0, 0])
        #expect(try channels(fixture(.rgb, at: middle), on: lit, controls: FixtureControls(test: FixtureTest(.white, fixture: "G"))) == [10, 20, 30])
    }

    @Test func onlyUniversesWithFixturesHaveFrames() throws {
        let patch = try FixturePatch([Fixture(name: "Par", universe: 7, address: 10, kind: .rgb, placement: middle, gamma: 1)])
        let frames = FixtureOutput.frames(of: patch, showing: stage(left: [1, 2, 3], right: [0, 0, 0]), controls: FixtureControls(), at: 0)
        #expect(Array(frames.keys) == [7])
        #expect(frames[7].map { Array($0.levels[9..<12]) } == [1, 2, 3])
        #expect(frames[7].map { $0.levels[12...].allSatisfy { $0 == 0 } } == true)
        #expect(FixtureOutput.frames(of: .empty, showing: stage(left: [1, 2, 3], right: [0, 0, 0]), controls: FixtureControls(), at: 0).isEmpty)
    }
}

/// The rows of the stage's picture the lights read: all a drawing for the fixtures needs.
@Suite struct RowsReadTests {
    @Test func pointsReadTheirRowAndAreasTheRowsOfTheirPixelsCentres() throws {
        let patch = try FixturePatch([
            Fixture(name: "Top", universe: 1, address: 1, kind: .rgb, placement: .point(StagePoint(x: 0.3, y: 0))),
            Fixture(name: "Also top", universe: 1, address: 4, kind: .rgb, placement: .point(StagePoint(x: 0.9, y: 0.01))),
            Fixture(name: "Wash", universe: 1, address: 7, kind: .rgb, placement: .area(x: 0, y: 0.5, width: 1, height: 0.1)),
            Fixture(name: "Thin", universe: 1, address: 10, kind: .rgb, placement: .area(x: 0, y: 0.9, width: 1, height: 0.001)),
            Fixture(
                name: "Strip", universe: 2, address: 1, kind: .rgb,
                placement: .strip(from: StagePoint(x: 0, y: 1), to: StagePoint(x: 1, y: 1), pixels: 10)),
        ])
        // 72 rows: y 0 and 0.01 are row 0; 0.5…0.6 holds the centres of rows 36…42; a sliver, its middle's row 64;
        // y 1 the last row.
        #expect(patch.rowsRead(height: 72) == [0..<1, 36..<43, 64..<65, 71..<72])
        #expect(FixturePatch.empty.rowsRead(height: 72) == [])
    }
}
