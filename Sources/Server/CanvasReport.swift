/// What a canvas page says of its own drawing, once a second (`{"type": "canvasReport", …}` on `/live`):
/// how many frames it received and drew, how many waiting frames it folded into one animation frame, the
/// quality it draws at and how long its animation frames take. `/status` lists the reports of the canvases
/// connected now, so a performer sees from the server which screen is struggling.
public struct CanvasReport: Sendable, Codable, Equatable {
    /// The quality a canvas draws at: its level on the page's ladder (0 = full), the drawing buffer's and
    /// the trail layer's resolution as shares of the screen's, and how many waiting frames it stamps at most.
    public struct Quality: Sendable, Codable, Equatable {
        public var level: Int
        public var resolution: Double
        public var trailResolution: Double
        public var stampBudget: Int
    }

    /// The median and 95th percentile of the page's recent animation frames, in milliseconds.
    public struct FrameTimes: Sendable, Codable, Equatable {
        public var median: Double
        public var p95: Double
    }

    public var framesReceived: Int
    public var framesDrawn: Int
    public var framesFolded: Int
    public var stampsGivenUp: Int
    public var quality: Quality
    public var frameMilliseconds: FrameTimes

    /// Why the report cannot be taken (a count, share or time out of range), or nil.
    var problem: String? {
        let counts = [("framesReceived", framesReceived), ("framesDrawn", framesDrawn), ("framesFolded", framesFolded),
                      ("stampsGivenUp", stampsGivenUp)]
        for (name, count) in counts where !(0...Self.largestCount).contains(count) {
            return "a canvas report's \(name) must be 0 to \(Self.largestCount)"
        }
        guard (0...1000).contains(quality.level), (0...1000).contains(quality.stampBudget) else {
            return "a canvas report's quality level and stamp budget must be 0 to 1000"
        }
        for share in [quality.resolution, quality.trailResolution] where !(share > 0 && share <= 1) {
            return "a canvas report's resolutions must be above 0 and at most 1"
        }
        for time in [frameMilliseconds.median, frameMilliseconds.p95] where !(0...3_600_000).contains(time) {
            return "a canvas report's frame times must be 0 to 3,600,000 ms"
        }
        return nil
    }

    private static let largestCount = 1 << 53
}
