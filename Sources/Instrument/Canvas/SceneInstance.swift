import Geometry

/// One form drawn in one frame: which form, where (the transform from the form's unit square to canvas
/// coordinates), its colour (whose alpha is the instance's opacity), its outline width, layer and blend.
public struct SceneInstance: Hashable, Sendable {
    /// An index into the scene's `forms`.
    public var form: Int32
    public var transform: AffineTransform
    /// The colour; its alpha is the instance's opacity.
    public var color: RGBAColor
    /// The outline's width in the form's unit square; 0 fills the form.
    public var strokeWidth: Double
    public var layer: CanvasLayer
    public var blend: BlendMode

    public init(
        form: Int32, transform: AffineTransform, color: RGBAColor, strokeWidth: Double, layer: CanvasLayer,
        blend: BlendMode
    ) {
        self.form = form
        self.transform = transform
        self.color = color
        self.strokeWidth = strokeWidth
        self.layer = layer
        self.blend = blend
    }

    public var opacity: Double { color.alpha }
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
