extension Path {
    /// The part of the path between fractions `start` and `end` of its total length (both clamped to 0…1),
    /// keeping curves as curves. Drawing `trimmed(from: 0, to: p)` for p rising from 0 to 1 animates the
    /// path being drawn. An empty path when `end ≤ start` or either fraction is not a number.
    public func trimmed(from start: Double, to end: Double, tolerance: Double = Path.defaultTolerance) -> Path {
        guard !start.isNaN, !end.isNaN else { return Path() }
        let from = min(max(start, 0), 1), to = min(max(end, 0), 1)
        guard to > from else { return Path() }
        if from == 0, to == 1 { return self }

        let pieces = subpaths
        let lengths = pieces.map { $0.segments.map { $0.length(tolerance: tolerance) } }
        let total = lengths.joined().reduce(0, +)
        guard total > 0 else { return Path() }
        let low = from * total, high = to * total

        var result = Path()
        var travelled = 0.0
        for (subpath, segmentLengths) in zip(pieces, lengths) {
            let subpathLength = segmentLengths.reduce(0, +)
            if travelled >= low, travelled + subpathLength <= high {
                result.append(whole: subpath)
                travelled += subpathLength
                continue
            }
            var connected = false
            for (segment, length) in zip(subpath.segments, segmentLengths) {
                defer { travelled += length }
                let segmentEnd = travelled + length
                guard segmentEnd > low, travelled < high, length > 0 else { continue }
                let t0 = low > travelled ? segment.parameter(atLength: low - travelled, tolerance: tolerance) : 0
                let t1 = high < segmentEnd ? segment.parameter(atLength: high - travelled, tolerance: tolerance) : 1
                let piece = segment.subsegment(from: t0, to: t1)
                if !connected { result.move(to: piece.start) }
                result.append(segment: piece)
                connected = true
            }
        }
        return result
    }

    private mutating func append(whole subpath: Subpath) {
        move(to: subpath.start)
        let drawn = subpath.isClosed && subpath.segments.last.map { if case .line = $0 { true } else { false } } == true
            ? subpath.segments.dropLast() : subpath.segments[...]
        for segment in drawn { append(segment: segment) }
        if subpath.isClosed { closeSubpath() }
    }

    private mutating func append(segment: PathSegment) {
        switch segment {
        case .line(_, let p1): addLine(to: p1)
        case .quad(_, let c, let p2): addQuadCurve(to: p2, control: c)
        case .cubic(_, let c1, let c2, let p3): addCurve(to: p3, control1: c1, control2: c2)
        }
    }
}
