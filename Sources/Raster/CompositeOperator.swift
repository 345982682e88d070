/// How a painted pixel (the source, s) combines with what is already there (the destination, d), on
/// premultiplied colours: the modes light needs.
public enum CompositeOperator: String, Hashable, Sendable, CaseIterable {
    /// s + d·(1 − αs): paint over.
    case sourceOver
    /// min(1, s + d): light adds up (alpha too).
    case additive
    /// s + d − s·d: lightens, never past white.
    case screen
    /// s·d + s·(1 − αd) + d·(1 − αs): darkens, as filters do.
    case multiply
}

/// Which points a path with overlapping or nested subpaths covers.
public enum FillRule: String, Hashable, Sendable, CaseIterable {
    /// Inside where the subpaths wind round a point a non-zero number of times.
    case nonZero
    /// Inside where a ray from the point crosses the outline an odd number of times.
    case evenOdd
}
