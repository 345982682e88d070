import Instrument

/// One line of a recording's journal (JSON Lines): the first line holds the recording's start — a
/// performance log with its checkpoint and no events — and each line after it an event played, or the
/// moment the recording had reached when it was last flushed. Lines are appended and never rewritten, so a
/// crash can only cut the last one short; reading stops at the first line that does not read.
enum JournalLine: Codable {
    case start(PerformanceLog)
    case event(PerformanceEvent)
    case until(Double)

    /// The format of journals this build writes and reads.
    static let formatVersion = 1

    private enum CodingKeys: String, CodingKey { case journal, start, event, until }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .start(let log):
            try container.encode(Self.formatVersion, forKey: .journal)
            try container.encode(log, forKey: .start)
        case .event(let event):
            try container.encode(event, forKey: .event)
        case .until(let time):
            try container.encode(time, forKey: .until)
        }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let version = try container.decodeIfPresent(Int.self, forKey: .journal) {
            guard version <= Self.formatVersion else {
                throw RecordingError("this recording's journal has format version \(version); this Image Performer reads up to \(Self.formatVersion) — update Image Performer")
            }
            self = .start(try container.decode(PerformanceLog.self, forKey: .start))
        } else if let event = try container.decodeIfPresent(PerformanceEvent.self, forKey: .event) {
            self = .event(event)
        } else {
            self = .until(try container.decode(Double.self, forKey: .until).checked("a journal's moment (s)", in: 0...PerformanceState.maximumTime))
        }
    }
}
