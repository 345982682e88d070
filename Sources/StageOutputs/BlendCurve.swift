import Foundation

/// Edge blending's curve (the web client's view/blend-curve.js draws the same): across a feather the light
/// goes 0 → 1 along f(t) = 3t² − 2t³, which has f(t) + f(1 − t) = 1 — two projectors whose feathers cover
/// the same part of the stage in opposite directions add up to full light. That holds in linear light; a
/// projector of gamma γ shows a written value c as light c^γ, so the value written is f^(1/γ).
public enum BlendCurve {
    /// The light (linear, 0…1) at `t` across a feather: 0 at its outer edge, 1 at its inner edge.
    public static func light(at t: Double) -> Double {
        let x = min(max(t, 0), 1)
        return x * x * (3 - 2 * x)
    }

    /// The light `blend` leaves at the slice point (`x`, `y`: 0…1 from the slice's top-left); where two
    /// edges' feathers meet, their lights multiply.
    public static func light(atSliceX x: Double, y: Double, of blend: OutputBlend) -> Double {
        func edge(_ distance: Double, _ width: Double) -> Double { width > 0 ? light(at: distance / width) : 1 }
        return edge(x, blend.left) * edge(1 - x, blend.right) * edge(y, blend.top) * edge(1 - y, blend.bottom)
    }

    /// The factor written into the pixel at the slice point: the feather's light to the power 1/gamma.
    public static func value(atSliceX x: Double, y: Double, of blend: OutputBlend) -> Double {
        let light = light(atSliceX: x, y: y, of: blend)
        return light >= 1 ? 1 : pow(light, 1 / blend.gamma)
    }
}
