/// Keeps the light the fixtures show from flashing faster than 3 times a second, whatever the stage does
/// (the photosensitive-epilepsy guideline: a flash is a pair of opposing changes of a tenth of full light or
/// more; three a second at most). Each cell the stage drives is watched on its own: a change that turns back
/// sooner than a sixth of a second after the last one is held off — the cell keeps what it showed — until it
/// may come. Gentle changes, and changes that keep going the same way, pass as they are. What is watched is the
/// light the cell gives: its colour times the part of its level the fixture keeps (a moving head that lost its
/// target rests dimmed), so a target lost and found again ten times a second flashes no faster than the stage.
public struct FlashGuard: Sendable {
    /// The most flashes a second a fixture shows from the stage.
    public static let maximumRate = 3.0
    /// The smallest change of light (of full) that counts as one half of a flash.
    public static let smallestFlash = 0.1

    private var cells: [Cell] = []

    private struct Cell {
        var shown = SampledColor.black
        var kept = 1.0
        var light = 0.0
        var lastTurn = -Double.infinity
        var direction = 0.0
    }

    public init() {}

    /// What cell `index` of `count` shows at `time` (seconds) when the stage gives it `color` and its fixture
    /// keeps `kept` (0…1) of its level: the two, or what it showed, while a change that would make a flash too
    /// soon is held off. A new patch (a new count) starts afresh.
    public mutating func limit(
        _ color: SampledColor, keeping kept: Double = 1, cell index: Int, of count: Int, at time: Double
    ) -> (color: SampledColor, kept: Double) {
        if cells.count != count { cells = Array(repeating: Cell(), count: count) }
        let light = color.luminance * kept
        var cell = cells[index]
        let change = light - cell.light
        if abs(change) >= Self.smallestFlash {
            let direction: Double = change > 0 ? 1 : -1
            if direction != cell.direction, cell.direction != 0, time - cell.lastTurn < 1 / (2 * Self.maximumRate) {
                return (cell.shown, cell.kept)
            }
            if direction != cell.direction { (cell.lastTurn, cell.direction) = (time, direction) }
        }
        (cell.shown, cell.kept, cell.light) = (color, kept, light)
        cells[index] = cell
        return (color, kept)
    }
}
