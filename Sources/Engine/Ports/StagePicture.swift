import Fixtures
import Raster

/// The stage as the fixtures see it (a port; the server draws the scene the frame ticker last drew with the
/// Swift rasterizer): a picture of `LiveFixtures.stageSize`, only the rows asked for drawn — the rest is never
/// looked at. Used on the fixtures' own thread alone, so it may keep what it draws with between frames.
public protocol StagePicture {
    /// The stage now with `rows` drawn; nil before the first frame (a dark stage).
    mutating func draw(rows: [Range<Int>]) -> Bitmap?
    /// The lumis sounding in the stage last drawn: their chord, when it released them, where they are (for the
    /// moving heads that follow a chord).
    func sounding() -> [SoundingLumi]
}

extension StagePicture {
    /// None: a stage that does not say where its lumis are.
    public func sounding() -> [SoundingLumi] { [] }
}
