import UserText

/// One canvas window as a mapped output of the stage (docs/outputs.md): the part of the stage it shows (its
/// slice), where that slice lands in the window (a corner-pin, or a grid for a curved surface), soft edges
/// for overlapping projectors, a mask left black, its own brightness, and a test pattern to calibrate by.
/// "Main" is every server's: the whole stage, unwarped.
public struct StageOutput: Hashable, Sendable {
    /// The output's name (the text rule, at most 64 characters; unique among the outputs).
    public var name: String
    /// The part of the stage shown, in stage units (0…1 from the stage's top-left).
    public var slice: OutputRect
    /// Where the slice's top-left, top-right, bottom-right and bottom-left corners land in the window (0…1
    /// from its top-left): a perspective corner-pin. With a grid, the grid's four outer points.
    public var corners: [OutputPoint]
    /// The slice drawn through a grid of points, smoothly, for a curved surface; nil: the corner-pin alone.
    public var grid: OutputGrid?
    public var blend: OutputBlend
    /// A polygon of the window left black (3…64 points, window units); nil: none.
    public var mask: [OutputPoint]?
    /// The output's own master, 0…1.
    public var brightness: Double
    /// What the output shows instead of the stage while calibrating; nil: the stage.
    public var testPattern: TestPattern?

    /// What an output can show instead of the stage, drawn through the same warp, blend and mask.
    public enum TestPattern: String, Sendable, Hashable, CaseIterable, Codable {
        /// Lines every tenth of the slice, the corners numbered, the output's name large.
        case grid
        /// The slice flat white, for blend and brightness checks.
        case white
    }

    /// The output every server has, which cannot be deleted or renamed.
    public static let mainName = "Main"
    /// The longest name, in characters.
    public static let nameLength = 64
    /// The window's own corners: no corner-pin.
    public static let unitCorners = [OutputPoint(0, 0), OutputPoint(1, 0), OutputPoint(1, 1), OutputPoint(0, 1)]
    /// How many grid points a side, and mask points, an output may have.
    public static let gridSides = 2...17
    public static let maskPoints = 3...64

    /// An output showing the whole stage on the whole window, with every field at its default.
    public init(name: String) {
        self.name = name
        slice = .whole
        corners = Self.unitCorners
        grid = nil
        blend = OutputBlend()
        mask = nil
        brightness = 1
        testPattern = nil
    }

    /// Main as a new server has it.
    public static var main: StageOutput { StageOutput(name: mainName) }

    public var isMain: Bool { name == Self.mainName }

    /// Whether the slice reaches the window through a warp (a corner-pin other than the window's, or a grid).
    public var isWarped: Bool { grid != nil || corners != Self.unitCorners }
}

/// A point of an output's window, or of its slice: 0…1 from the top-left.
public struct OutputPoint: Hashable, Sendable {
    public var x: Double
    public var y: Double

    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }

    /// Whether both coordinates are numbers in 0…1.
    var isInUnitSquare: Bool { x.isFinite && y.isFinite && (0...1).contains(x) && (0...1).contains(y) }
}

/// A rectangle of the stage, in stage units (0…1 from its top-left both ways).
public struct OutputRect: Hashable, Sendable, Codable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The whole stage.
    public static let whole = OutputRect(x: 0, y: 0, width: 1, height: 1)
}

/// A grid of points over the window that the slice is drawn through (row-major, `columns × rows` of them).
public struct OutputGrid: Hashable, Sendable, Codable {
    public var columns: Int
    public var rows: Int
    public var points: [OutputPoint]

    public init(columns: Int, rows: Int, points: [OutputPoint]) {
        self.columns = columns
        self.rows = rows
        self.points = points
    }

    /// The point of column `column`, row `row`.
    public subscript(column: Int, row: Int) -> OutputPoint { points[row * columns + column] }

    /// The four outer points: top-left, top-right, bottom-right, bottom-left; none when the points are not
    /// `columns × rows` of them (a grid that `checked()` refuses).
    public var outline: [OutputPoint] {
        guard columns >= 1, rows >= 1, points.count == columns * rows else { return [] }
        return [self[0, 0], self[columns - 1, 0], self[columns - 1, rows - 1], self[0, rows - 1]]
    }
}

/// Soft edges for overlapping projectors: each width a fraction of the slice's width (left, right) or height
/// (top, bottom), 0…0.5, and the projector's gamma (1…3) the written values are shaped for.
public struct OutputBlend: Hashable, Sendable, Codable {
    public var left: Double
    public var right: Double
    public var top: Double
    public var bottom: Double
    public var gamma: Double

    public static let widths = 0.0...0.5
    public static let gammas = 1.0...3.0

    public init(left: Double = 0, right: Double = 0, top: Double = 0, bottom: Double = 0, gamma: Double = 2.2) {
        self.left = left
        self.right = right
        self.top = top
        self.bottom = bottom
        self.gamma = gamma
    }

    /// Whether it softens no edge.
    public var isNone: Bool { left == 0 && right == 0 && top == 0 && bottom == 0 }
}

/// Why an output cannot be kept, in one line.
public struct StageOutputError: Error, Hashable, Sendable, CustomStringConvertible {
    public let description: String
    /// Whether it was refused because the stage has as many outputs as it may (an API answers 409).
    public let isFull: Bool

    public init(_ description: String, isFull: Bool = false) {
        self.description = description
        self.isFull = isFull
    }
}

extension StageOutput {
    /// The name a canvas asks to show (`/canvas?output=NAME`) as outputs are named (the text rule's), or nil
    /// when no output could be named so.
    public static func shownName(_ asked: String) -> String? {
        try? UserText.checked(asked, as: "an output's name", maximumLength: nameLength)  // nil: no output could have this name
    }

    /// A name someone gave, fit to quote in a one-line message: what the text rule refuses written out, at
    /// most 64 characters.
    public static func quoted(_ name: String) -> String {
        let shown = UserText.printable(name)
        return shown.count > nameLength ? shown.prefix(nameLength - 1) + "…" : shown
    }
}
