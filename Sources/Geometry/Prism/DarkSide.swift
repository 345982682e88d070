/// The whole prism drawing of seed 004 — beam, dispersion, six rainbow slices and the prism on a black
/// square — as painted paths in drawing order, at any stage of its animated drawing.
public struct DarkSide: Hashable, Sendable {
    /// The rainbow's colours from top to bottom.
    public static let rainbowColors: [RGBAColor] = [
        RGBAColor(red: 1, green: 0.231, blue: 0.188),  // red
        RGBAColor(red: 1, green: 0.584, blue: 0),  // orange
        RGBAColor(red: 1, green: 0.8, blue: 0),  // yellow
        RGBAColor(red: 0.204, green: 0.78, blue: 0.349),  // green
        RGBAColor(red: 0, green: 0.478, blue: 1),  // blue
        RGBAColor(red: 0.686, green: 0.322, blue: 0.871),  // purple
    ]

    /// The prism's and the beam's line width as a fraction of the drawing's width (2 points at 512).
    public static let lineWidthFraction = 2.0 / 512

    /// The stages of the animated drawing, in the order they are drawn, each with its share of the timeline.
    public enum Stage: String, CaseIterable, Sendable {
        case prism, beam, dispersion, rainbow

        /// The part of the overall progress 0…1 during which this stage draws itself.
        public var interval: ClosedRange<Double> {
            switch self {
            case .prism: 0...0.4
            case .beam: 0.4...0.6
            case .dispersion: 0.6...0.75
            case .rainbow: 0.75...1
            }
        }

        /// How far this stage is drawn (0…1) when the whole drawing is at `progress`.
        public func progress(overall progress: Double) -> Double {
            guard !progress.isNaN else { return 0 }
            let fraction = (progress - interval.lowerBound) / (interval.upperBound - interval.lowerBound)
            return min(max(fraction, 0), 1)
        }
    }

    /// One painted path of the drawing.
    public struct Element: Hashable, Sendable {
        public var stage: Stage
        public var path: Path
        public var paint: Paint
        public var mode: DrawingMode
    }

    public var parameters: PrismParameters

    public init(parameters: PrismParameters = .cover) {
        self.parameters = parameters
    }

    public var background: RGBAColor { .black }

    /// The elements in painting order (beam, dispersion, rainbow, then the prism on top) as they stand at
    /// `progress` (0…1) of the animated drawing: the prism is traced first, then the beam travels to it,
    /// the dispersion spreads inside it and the rainbow reaches out to the edge. Empty paths are left out.
    public func elements(in rect: Rect, progress: Double = 1) -> [Element] {
        let lineWidth = rect.width * Self.lineWidthFraction
        var result: [Element] = []
        func add(_ stage: Stage, _ path: Path, _ paint: Paint, _ mode: DrawingMode) {
            if !path.isEmpty { result.append(Element(stage: stage, path: path, paint: paint, mode: mode)) }
        }
        let beam = Stage.beam.progress(overall: progress)
        if beam > 0 {
            add(.beam, Beam(parameters: parameters).path(in: rect).trimmed(from: 0, to: beam),
                .solid(.white), .stroke(width: lineWidth))
        }
        let spread = Stage.dispersion.progress(overall: progress)
        if spread > 0 {
            let gradient = Paint.linearGradient(
                start: rect.point(atUnit: Point(x: 0.45, y: 0.5)), end: rect.point(atUnit: Point(x: 0.55, y: 0.5)),
                stops: [.init(offset: 0, color: .white), .init(offset: 1, color: .black)])
            add(.dispersion, Dispersion(parameters: parameters, spread: spread).path(in: rect), gradient, .fill)
        }
        let reach = Stage.rainbow.progress(overall: progress)
        if reach > 0 {
            for (index, color) in Self.rainbowColors.enumerated() {
                let slice = RainbowSlice(parameters: parameters, index: index, count: Self.rainbowColors.count, reach: reach)
                add(.rainbow, slice.path(in: rect), .solid(color), .fill)
            }
        }
        let prism = Stage.prism.progress(overall: progress)
        if prism > 0 {
            add(.prism, Prism().path(in: rect).trimmed(from: 0, to: prism), .solid(.white), .stroke(width: lineWidth))
        }
        return result
    }
}
