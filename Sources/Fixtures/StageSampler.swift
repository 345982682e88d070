import Raster

/// Reads the colour a light shows from a picture of the whole stage (the server's low-resolution drawing):
/// at a point, the pixel there; over an area, the mean of the pixels whose centres lie in it (the one nearest
/// its middle when it is smaller than a pixel). Colours are 0…1 per channel, as drawn (the sRGB values the
/// canvases show).
public struct StageSampler: Sendable {
    public let picture: Bitmap
    /// The lumis sounding on the stage, for the moving heads that follow a chord's.
    public let sounding: [SoundingLumi]

    public init(_ picture: Bitmap, sounding: [SoundingLumi] = []) {
        self.picture = picture
        self.sounding = sounding
    }

    /// Where the brightest light of the area is (the middle of its brightest pixel, the first of equals); nil
    /// when nothing there is lit (all of it darker than a twentieth of full light).
    public func brightest(x: Double, y: Double, width: Double, height: Double) -> StagePoint? {
        guard picture.width > 0, picture.height > 0 else { return nil }
        let columns = centres(from: x, to: x + width, count: picture.width)
        let rows = centres(from: y, to: y + height, count: picture.height)
        var best: (level: Double, column: Int, row: Int)?
        for row in rows.isEmpty ? self.row(y + height / 2)..<(self.row(y + height / 2) + 1) : rows {
            for column in columns.isEmpty ? self.column(x + width / 2)..<(self.column(x + width / 2) + 1) : columns {
                let color = pixel(column, row)
                let level = color.luminance
                if level > (best?.level ?? 0.05) { best = (level, column, row) }
            }
        }
        return best.map { StagePoint(x: (Double($0.column) + 0.5) / Double(picture.width), y: (Double($0.row) + 0.5) / Double(picture.height)) }
    }

    /// Where the oldest lumi still sounding of chord `chord` (1…8) is; nil when none sounds.
    public func oldestLumi(ofChord chord: Int) -> StagePoint? {
        sounding.filter { $0.chord == chord }.min { $0.since < $1.since }?.point
    }

    /// The colour `region` shows; black on an empty picture.
    public func color(of region: StageRegion) -> SampledColor {
        guard picture.width > 0, picture.height > 0 else { return .black }
        switch region {
        case .point(let point):
            return pixel(column(point.x), row(point.y))
        case .area(let x, let y, let width, let height):
            let columns = centres(from: x, to: x + width, count: picture.width)
            let rows = centres(from: y, to: y + height, count: picture.height)
            guard !columns.isEmpty, !rows.isEmpty else { return pixel(column(x + width / 2), row(y + height / 2)) }
            var sum = SampledColor.black
            for row in rows {
                for column in columns { sum = sum + pixel(column, row) }
            }
            return sum.scaled(by: 1 / Double(rows.count * columns.count))
        }
    }

    /// The rows of a picture `height` rows high that reading `regions` takes, merged into ranges, top first: all
    /// a drawing for the fixtures needs to draw.
    public static func rows(readBy regions: some Sequence<StageRegion>, height: Int) -> [Range<Int>] {
        guard height > 0 else { return [] }
        var read = [Bool](repeating: false, count: height)
        for region in regions {
            switch region {
            case .point(let point):
                read[row(point.y, height: height)] = true
            case .area(_, let y, _, let areaHeight):
                let rows = centres(from: y, to: y + areaHeight, count: height)
                if rows.isEmpty { read[row(y + areaHeight / 2, height: height)] = true } else { for row in rows { read[row] = true } }
            }
        }
        return read.indices.filter { read[$0] }.reduce(into: []) { ranges, row in
            if let last = ranges.last, last.upperBound == row { ranges[ranges.count - 1] = last.lowerBound..<(row + 1) } else { ranges.append(row..<(row + 1)) }
        }
    }

    private func column(_ x: Double) -> Int { min(max(Int(x * Double(picture.width)), 0), picture.width - 1) }
    private func row(_ y: Double) -> Int { Self.row(y, height: picture.height) }
    private static func row(_ y: Double, height: Int) -> Int { min(max(Int(y * Double(height)), 0), height - 1) }

    /// The pixels (of `count` across 0…1) whose centres lie in `start…end`.
    private func centres(from start: Double, to end: Double, count: Int) -> Range<Int> {
        Self.centres(from: start, to: end, count: count)
    }

    private static func centres(from start: Double, to end: Double, count: Int) -> Range<Int> {
        let first = max(0, Int((start * Double(count) - 0.5).rounded(.up)))
        let last = min(count - 1, Int((end * Double(count) - 0.5).rounded(.down)))
        return first <= last ? first..<(last + 1) : 0..<0
    }

    private func pixel(_ column: Int, _ row: Int) -> SampledColor {
        let offset = (row * picture.width + column) * 4
        return SampledColor(
            red: Double(picture.pixels[offset]) / 255, green: Double(picture.pixels[offset + 1]) / 255,
            blue: Double(picture.pixels[offset + 2]) / 255)
    }
}

/// A lumi sounding on the stage: the chord (1…8) that released it, when, and where it is now.
public struct SoundingLumi: Hashable, Sendable {
    public let chord: Int
    public let since: Double
    public let point: StagePoint

    public init(chord: Int, since: Double, point: StagePoint) {
        self.chord = chord
        self.since = since
        self.point = point
    }
}

/// A colour read from the stage: red, green and blue, 0…1.
public struct SampledColor: Hashable, Sendable {
    public var red: Double
    public var green: Double
    public var blue: Double

    public init(red: Double, green: Double, blue: Double) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    public static let black = SampledColor(red: 0, green: 0, blue: 0)

    /// Its light, as Rec. 709 weighs red, green and blue: what a dimmer alone shows of it, and what a flash is
    /// measured by.
    public var luminance: Double { 0.2126 * red + 0.7152 * green + 0.0722 * blue }
    public static let white = SampledColor(red: 1, green: 1, blue: 1)

    static func + (a: SampledColor, b: SampledColor) -> SampledColor {
        SampledColor(red: a.red + b.red, green: a.green + b.green, blue: a.blue + b.blue)
    }

    func scaled(by factor: Double) -> SampledColor {
        SampledColor(red: red * factor, green: green * factor, blue: blue * factor)
    }
}
