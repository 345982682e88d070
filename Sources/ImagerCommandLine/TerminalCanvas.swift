#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Geometry
import Instrument

/// A coarse picture of a scene for the terminal: each character cell is two pixels (upper and lower half
/// block) in 24-bit colour. Lumis are splatted as discs of their size; a preview, not the renderer.
struct TerminalCanvas {
    static let reset = "\u{1B}[0m"

    let columns: Int
    let rows: Int

    static func standardOutputIsTerminal() -> Bool { isatty(STDOUT_FILENO) == 1 }

    func draw(_ scene: Scene) -> String {
        let width = columns, height = rows * 2
        var pixels = [RGBAColor](repeating: scene.background, count: width * height)
        let scale = Double(height) / scene.size.height
        func blend(_ color: RGBAColor, into index: Int, additive: Bool) {
            let under = pixels[index], a = color.alpha
            pixels[index] = additive
                ? RGBAColor(red: min(1, under.red + color.red * a), green: min(1, under.green + color.green * a),
                            blue: min(1, under.blue + color.blue * a))
                : RGBAColor(red: under.red + (color.red - under.red) * a, green: under.green + (color.green - under.green) * a,
                            blue: under.blue + (color.blue - under.blue) * a)
        }
        for pane in scene.panes {
            for y in 0..<height where (pane.frame.minY * scale..<pane.frame.maxY * scale).contains(Double(y) + 0.5) {
                for x in 0..<width where (pane.frame.minX * scale..<pane.frame.maxX * scale).contains(Double(x) + 0.5) {
                    blend(pane.color, into: y * width + x, additive: false)
                }
            }
        }
        for instance in scene.instances where instance.layer == .lumis {
            let center = instance.position
            let radius = max(abs(instance.transform.determinant).squareRoot() / 2 * scale, 0.5)
            let cx = center.x * scale, cy = center.y * scale
            let xs = max(0, Int(cx - radius))...min(width - 1, Int(cx + radius))
            let ys = max(0, Int(cy - radius))...min(height - 1, Int(cy + radius))
            guard xs.lowerBound <= xs.upperBound, ys.lowerBound <= ys.upperBound else { continue }
            for y in ys {
                for x in xs where (Double(x) + 0.5 - cx) * (Double(x) + 0.5 - cx) + (Double(y) + 0.5 - cy) * (Double(y) + 0.5 - cy) <= radius * radius {
                    blend(instance.color, into: y * width + x, additive: instance.blend == .additive || instance.blend == .screen)
                }
            }
        }
        var text = "\u{1B}[H"
        for row in 0..<rows {
            for column in 0..<width {
                let top = pixels[2 * row * width + column], bottom = pixels[(2 * row + 1) * width + column]
                text += "\u{1B}[38;2;\(Self.byte(top.red));\(Self.byte(top.green));\(Self.byte(top.blue))m"
                text += "\u{1B}[48;2;\(Self.byte(bottom.red));\(Self.byte(bottom.green));\(Self.byte(bottom.blue))m▀"
            }
            text += Self.reset + "\n"
        }
        return text
    }

    private static func byte(_ value: Double) -> Int { Int((value.isNaN ? 0 : value.clamped(to: 0...1)) * 255 + 0.5) }
}
