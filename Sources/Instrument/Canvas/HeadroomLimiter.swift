import Foundation
import Geometry

/// The canvas's output stage: a limiter for light, as a mastering engineer puts one on the master bus. It
/// estimates how much light each region of the canvas receives — the background, the lit panes, the trail
/// layer and the lumis, each as coverage × opacity × brightness — and where a region would pass its
/// ceiling, turns the lumis and trail stamps over it down, quickly (the attack) and back up slowly (the
/// release). A full stage then stays bright without burning out to white.
///
/// It runs on the scene, before any renderer sees it, so the browser, the export and thumbnails show the
/// same picture. Scenes go through it in time order; it depends on nothing but them, so a replay gives the
/// same frames every time.
public struct HeadroomLimiter: Sendable {
    /// The strength a new performance starts with: fully on.
    public static let defaultStrength = 1.0
    /// The regions the canvas is divided into, across and down (16:9, so regions are square).
    public static let columns = 16, rows = 9
    /// The mean light of a region (1 = every pixel white) above which the limiter compresses: the light
    /// beyond it counts a `ratio`th, and the whole is held under `ceiling`.
    public static let threshold = 0.6, ratio = 4.0, ceiling = 0.92
    /// The least the lumis are turned down to, so that a gesture always shows; trail stamps, which pile up
    /// frame after frame, may be turned down much further.
    public static let lumiFloor = 0.2, stampFloor = 0.01
    /// Seconds for the gain to go most of the way down (1 − 1/e of it), and back up.
    public static let attack = 0.06, release = 1.2

    private var gains: [Double]
    /// The light the trail layer holds in each region, as stamped (after the gain) and faded.
    private var trailLight: [Double]
    private var lumiLight: [Double]
    private var stageLight: [Double]
    private var lastTime: Double?
    private var lastErasures: Int?
    /// The share of its unit square each form of the scenes' form table fills, worked out once per form.
    private var fills: [Double] = []
    private var filledForms: [Form] = []

    public init() {
        let count = Self.columns * Self.rows
        gains = Array(repeating: 1, count: count)
        trailLight = Array(repeating: 0, count: count)
        lumiLight = Array(repeating: 0, count: count)
        stageLight = Array(repeating: 0, count: count)
    }

    /// The gain of each region now, row by row from the top left (1 = untouched).
    public var regionGains: [Double] { gains }

    /// Turns down the lumis and trail stamps of `scene` where its regions would pass the ceiling, by
    /// the scene's `headroom` strength (0 leaves it as it is). Scenes are expected in time order; a jump
    /// back in time, or the first scene, takes the gains straight to where they should be.
    public mutating func apply(to scene: inout Scene) {
        let elapsed = lastTime.map { scene.time - $0 }
        lastTime = scene.time
        if scene.erasures != lastErasures {
            for index in trailLight.indices { trailLight[index] = 0 }
            lastErasures = scene.erasures
        } else if let elapsed {
            let fade = scene.trailSurvival(after: elapsed)
            for index in trailLight.indices { trailLight[index] *= fade }
        }

        measureForms(scene.forms)
        // The stage — the background and the lit panes — is the chordset's own light: counted, not turned down.
        let background = scene.background.brightness
        for index in stageLight.indices { stageLight[index] = background }
        for pane in scene.panes {
            let light = Light(brightness: pane.color.brightness, opacity: pane.color.alpha, blend: .sourceOver)
            composite(light, covering: 1, of: pane.frame, onto: &stageLight)
        }
        // The lumis over the stage and the trail layer, as they would be drawn.
        for index in lumiLight.indices { lumiLight[index] = stageLight[index] + trailLight[index] }
        for instance in scene.instances where instance.layer == .lumis {
            composite(Light(instance), covering: coverage(of: instance), of: instance.bounds, onto: &lumiLight)
        }

        // The gain each region should have, reached with the attack going down and the release coming up.
        let strength = scene.headroom.clamped(to: 0...1)
        for index in gains.indices {
            let stage = stageLight[index], added = lumiLight[index] - stage
            let wanted = added > 0 ? ((Self.compressed(lumiLight[index]) - stage) / added).clamped(to: Self.stampFloor...1) : 1
            let target = 1 - strength * (1 - wanted)
            guard let elapsed, elapsed >= 0 else {
                gains[index] = target
                continue
            }
            let time = target < gains[index] ? Self.attack : Self.release
            gains[index] += (target - gains[index]) * (1 - exp(-min(elapsed, 1) / time))
        }

        for index in scene.instances.indices where scene.instances[index].blend != .multiply {
            let floor = scene.instances[index].layer == .lumis ? Self.lumiFloor : Self.stampFloor
            let gain = Float(max(floor, self.gain(at: scene.instances[index].position)))
            guard gain < 1 else { continue }
            scene.instances[index].red *= gain
            scene.instances[index].green *= gain
            scene.instances[index].blue *= gain
        }
        // What the stamps leave in the trail layer, as turned down.
        for instance in scene.instances where instance.layer == .trails {
            composite(Light(instance), covering: coverage(of: instance), of: instance.bounds, onto: &trailLight)
        }
    }

    /// The gain at a canvas point, blended between the centres of the regions around it.
    public func gain(at point: Point) -> Double {
        let size = 1.0 / Double(Self.rows)
        let x = (point.x / size - 0.5).clamped(to: 0...Double(Self.columns - 1))
        let y = (point.y / size - 0.5).clamped(to: 0...Double(Self.rows - 1))
        let column = min(Int(x), Self.columns - 2), row = min(Int(y), Self.rows - 2)
        let u = x - Double(column), v = y - Double(row)
        let top = gains[row * Self.columns + column] * (1 - u) + gains[row * Self.columns + column + 1] * u
        let bottom = gains[(row + 1) * Self.columns + column] * (1 - u) + gains[(row + 1) * Self.columns + column + 1] * u
        return top * (1 - v) + bottom * v
    }

    /// The share of its unit square an instance's form covers: its area filled, about its width along the
    /// outline stroked.
    private func coverage(of instance: SceneInstance) -> Double {
        let index = Int(instance.form)
        guard fills.indices.contains(index) else { return 0 }
        return instance.strokeWidth > 0 ? min(1, 4 * Double(instance.strokeWidth)) : fills[index]
    }

    /// Follows the scene's form table (it only grows while a performance plays; the same table is not
    /// compared form by form, its storage being shared).
    private mutating func measureForms(_ forms: [Form]) {
        guard forms != filledForms else { return }
        let known = filledForms.count <= forms.count && Array(forms.prefix(filledForms.count)) == filledForms
        if !known { fills.removeAll() }
        for form in forms.dropFirst(fills.count) {
            fills.append(min(1, abs(form.unitPath.flattened(tolerance: 0.01).reduce(0) { $0 + $1.signedArea })))
        }
        filledForms = forms
    }

    /// Composites `light` onto the regions `bounds` overlaps, as covering `coverage` of `bounds` spread
    /// evenly: each region is covered in proportion to its overlap.
    private func composite(_ light: Light, covering coverage: Double, of bounds: Rect, onto regions: inout [Double]) {
        guard light.opacity > 0, coverage > 0, bounds.width > 0, bounds.height > 0 else { return }
        let size = 1.0 / Double(Self.rows)
        let perArea = coverage * light.opacity / (size * size)
        let firstColumn = max(0, Int((bounds.minX / size).rounded(.down)))
        let lastColumn = min(Self.columns - 1, Int((bounds.maxX / size).rounded(.down)))
        let firstRow = max(0, Int((bounds.minY / size).rounded(.down)))
        let lastRow = min(Self.rows - 1, Int((bounds.maxY / size).rounded(.down)))
        guard firstColumn <= lastColumn, firstRow <= lastRow else { return }
        for row in firstRow...lastRow {
            let top = Double(row) * size
            let height = min(bounds.maxY, top + size) - max(bounds.minY, top)
            guard height > 0 else { continue }
            for column in firstColumn...lastColumn {
                let left = Double(column) * size
                let width = min(bounds.maxX, left + size) - max(bounds.minX, left)
                guard width > 0 else { continue }
                // The share of the region's area the instance lights, at its opacity.
                let share = min(1, perArea * width * height)
                let index = row * Self.columns + column, below = regions[index]
                switch light.blend {
                case .additive: regions[index] = below + share * light.brightness
                case .screen: regions[index] = below + share * light.brightness * (1 - below)
                case .sourceOver: regions[index] = below + share * (light.brightness - below)
                case .multiply: regions[index] = below * (1 - share * (1 - light.brightness))
                }
            }
        }
    }

    /// The light a region is let through with, for `light` asked for: untouched up to the threshold, then
    /// compressed, and never above the ceiling.
    static func compressed(_ light: Double) -> Double {
        light <= threshold ? light : min(ceiling, threshold + (light - threshold) / ratio)
    }
}

/// What an instance or a pane brings to a region: its brightest channel, its opacity and how it blends.
private struct Light {
    var brightness: Double
    var opacity: Double
    var blend: BlendMode

    init(brightness: Double, opacity: Double, blend: BlendMode) {
        self.brightness = brightness
        self.opacity = opacity
        self.blend = blend
    }

    init(_ instance: SceneInstance) {
        self.init(
            brightness: Double(max(instance.red, instance.green, instance.blue)), opacity: Double(instance.opacity),
            blend: instance.blend)
    }
}

extension SceneInstance {
    /// The canvas rectangle its form's unit square lands in.
    fileprivate var bounds: Rect {
        let halfWidth = 0.5 * (abs(Double(a)) + abs(Double(c))), halfHeight = 0.5 * (abs(Double(b)) + abs(Double(d)))
        return Rect(x: Double(tx) - halfWidth, y: Double(ty) - halfHeight, width: 2 * halfWidth, height: 2 * halfHeight)
    }
}

extension RGBAColor {
    /// The brightest of the three channels (light clips channel by channel).
    fileprivate var brightness: Double { max(red, green, blue) }
}
