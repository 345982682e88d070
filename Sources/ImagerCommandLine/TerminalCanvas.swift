#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Geometry
import Instrument
import Raster
import SceneRendering

/// The canvas in the terminal: each frame drawn by the rasterizer at two pixels a character cell (the
/// upper and lower half block) and printed in 24-bit colour.
struct TerminalCanvas {
    static let reset = "\u{1B}[0m"

    let columns: Int
    let rows: Int
    private var renderer: SceneRenderer

    init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
        renderer = SceneRenderer(width: columns, height: rows * 2)
    }

    static func standardOutputIsTerminal() -> Bool { isatty(STDOUT_FILENO) == 1 }

    /// The frame as text: the cursor sent home, then one line per row of cells.
    mutating func draw(_ scene: Scene) -> String {
        let frame = renderer.render(scene)
        var text = "\u{1B}[H"
        for row in 0..<rows {
            for column in 0..<columns {
                let top = frame.color(x: column, y: 2 * row), bottom = frame.color(x: column, y: 2 * row + 1)
                text += "\u{1B}[38;2;\(Self.byte(top.red));\(Self.byte(top.green));\(Self.byte(top.blue))m"
                text += "\u{1B}[48;2;\(Self.byte(bottom.red));\(Self.byte(bottom.green));\(Self.byte(bottom.blue))m▀"
            }
            text += Self.reset + "\n"
        }
        return text
    }

    private static func byte(_ value: Double) -> Int { Int((value.isNaN ? 0 : value.clamped(to: 0...1)) * 255 + 0.5) }
}
