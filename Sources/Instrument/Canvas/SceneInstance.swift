import Geometry

/// One form drawn in one frame: which form, where (the transform from the form's unit square to canvas
/// coordinates), its colour and opacity, its outline width, layer and blend. Stored in 32-bit floats —
/// 52 bytes, a frame of 10,000 lumis stays in cache — which is far finer than any screen can show.
public struct SceneInstance: Hashable, Sendable {
    /// An index into the scene's `forms`.
    public var form: Int32
    /// The transform's a, b, c, d, tx, ty (see `AffineTransform`).
    public var a, b, c, d, tx, ty: Float
    public var red, green, blue: Float
    public var opacity: Float
    /// The outline's width in the form's unit square; 0 fills the form.
    public var strokeWidth: Float
    public var layer: CanvasLayer
    public var blend: BlendMode

    public init(
        form: Int32, transform: AffineTransform, color: RGBAColor, strokeWidth: Double, layer: CanvasLayer,
        blend: BlendMode
    ) {
        self.form = form
        a = Float(transform.a); b = Float(transform.b); c = Float(transform.c); d = Float(transform.d)
        tx = Float(transform.tx); ty = Float(transform.ty)
        red = Float(color.red); green = Float(color.green); blue = Float(color.blue); opacity = Float(color.alpha)
        self.strokeWidth = Float(strokeWidth)
        self.layer = layer
        self.blend = blend
    }

    /// The transform from the form's unit square to canvas coordinates.
    public var transform: AffineTransform {
        AffineTransform(a: Double(a), b: Double(b), c: Double(c), d: Double(d), tx: Double(tx), ty: Double(ty))
    }

    /// The colour, its alpha the opacity.
    public var color: RGBAColor {
        RGBAColor(red: Double(red), green: Double(green), blue: Double(blue), alpha: Double(opacity))
    }

    /// Where the form's centre lands on the canvas.
    public var position: Point { Point(x: Double(tx), y: Double(ty)) }
}

/// A pane lit by a chord in one frame: a rectangle in canvas coordinates and its colour (alpha = level).
public struct LitPaneInstance: Hashable, Sendable {
    public var frame: Rect
    public var color: RGBAColor

    public init(frame: Rect, color: RGBAColor) {
        self.frame = frame
        self.color = color
    }
}
