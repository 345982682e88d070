import Foundation

/// A performance as a timestamped list of intents, with where it started: a chordset and a random seed
/// (version 1), or a checkpoint of the whole live state (version 2: a recording started mid-performance).
/// Everything that was played can be heard again: replaying the log gives identical frames, at any size
/// and frame rate. Codable, so it can be recorded to a file and rendered to video later.
public struct PerformanceLog: Sendable, Codable {
    /// The newest format version this build reads and writes; logs of later versions are refused. A log is
    /// written as version 1 when it has no checkpoint, so that it reads as before.
    public static let formatVersion = 2
    /// The most events one log holds (about 5 hours at 60 intents a second).
    public static let maximumEvents = 1_000_000
    /// The largest performance log (or recording's journal) file read back: a log at `maximumEvents`,
    /// written pretty-printed with its checkpoint, fits well within it, so that every recording saved can
    /// be rendered.
    public static let maximumFileBytes = 1 << 30

    public private(set) var formatVersion: Int
    public private(set) var seed: UInt64
    public private(set) var chordset: Chordset
    public private(set) var events: [PerformanceEvent]
    /// The state the performance starts from, when it starts mid-performance (a recording); nil for a
    /// performance that starts on `chordset` with nothing played.
    public private(set) var checkpoint: PerformanceState?
    /// The strength of the output stage (`HeadroomLimiter`) a performance without a checkpoint starts with:
    /// on for a new performance; 0 for a log written before the output stage existed, which was shown
    /// without it.
    public private(set) var headroom = HeadroomLimiter.defaultStrength
    /// Where the recording proper begins (seconds): the events before it set the stage — the chordset,
    /// the colours, what is already on the canvas — and a render starts here.
    public var recordedFrom: Double = 0
    /// Where the recording ends, if it was stopped after its last event.
    public var recordedUntil: Double?

    /// The span a render covers: from the start of the recording to its end (or its last event).
    public var recordedSpan: ClosedRange<Double> {
        let end = max(recordedUntil ?? duration, duration, recordedFrom)
        return recordedFrom...end
    }

    /// An empty log of a performance starting on `chordset`.
    public init(chordset: Chordset, seed: UInt64 = 0x1_1A6E) {
        formatVersion = 1
        self.seed = seed
        self.chordset = chordset
        events = []
    }

    /// A log of the given events, validated whole: every event must apply in order, or nothing is kept.
    public init(chordset: Chordset, seed: UInt64 = 0x1_1A6E, events: [PerformanceEvent]) throws(InstrumentError) {
        self.init(chordset: chordset, seed: seed)
        try validate(events)
        self.events = events
    }

    /// An empty log of a performance that starts from `checkpoint`, the recording beginning at `recordedFrom`
    /// (no earlier than the checkpoint's last event).
    public init(checkpoint: PerformanceState, recordedFrom: Double) {
        self.init(chordset: checkpoint.chordset, seed: checkpoint.seed)
        formatVersion = 2
        self.checkpoint = checkpoint
        self.recordedFrom = max(recordedFrom, checkpoint.time)
    }

    /// The events of `events` that apply in order after this log's own, added until the first that does not;
    /// how many were added. For a journal cut short, whose last lines may be torn or missing.
    public mutating func appendWhileValid(_ events: some Sequence<PerformanceEvent>) -> Int {
        var state = player(at: duration).state
        var added = 0
        for event in events {
            guard self.events.count < Self.maximumEvents, (try? state.apply(event)) != nil else { break }
            self.events.append(event)
            added += 1
        }
        return added
    }

    /// Appends an event after checking it applies; throws and changes nothing if it does not.
    public mutating func append(_ event: PerformanceEvent) throws(InstrumentError) {
        guard events.count < Self.maximumEvents else {
            throw .invalid("a performance log holds at most \(Self.maximumEvents) events")
        }
        _ = try event.time.checked("event time (s)", in: 0...PerformanceState.maximumTime)
        if let last = events.last, event.time < last.time {
            throw .invalid("event at \(event.time) s comes before the last one (\(last.time) s)")
        }
        try event.intent.validate()
        events.append(event)
    }

    /// The state a replay starts from: the checkpoint, or nothing played on the chordset.
    public var initialState: PerformanceState {
        if let checkpoint { return checkpoint }
        var state = PerformanceState(chordset: chordset, seed: seed)
        state.headroom = headroom
        return state
    }

    /// Makes the performance start with the output stage at `strength` (0…1), whatever the log said: to
    /// render a recording made before the output stage existed with it, or one made with it without.
    public mutating func startHeadroom(at strength: Double) {
        headroom = strength.clamped(to: 0...1)
        checkpoint?.headroom = headroom
    }

    /// The state after every event up to and including `time`.
    public func state(at time: Double) -> PerformanceState { player(at: time).state }

    private func player(at time: Double) -> PerformancePlayer {
        var player = PerformancePlayer(log: self)
        player.advance(to: time)
        return player
    }

    /// The frame at `time`, through the output stage taken straight to where it settles: a pure function of
    /// the log and the moment (`PerformancePlayer` plays frames in order, its output stage following them).
    public func scene(at time: Double) -> Scene {
        var scene = state(at: time).scene(at: time)
        var limiter = HeadroomLimiter()
        limiter.apply(to: &scene)
        return scene
    }

    /// The time of the last event, or of the checkpoint, or 0.
    public var duration: Double { events.last?.time ?? checkpoint?.time ?? 0 }

    private func validate(_ events: [PerformanceEvent]) throws(InstrumentError) {
        guard events.count <= Self.maximumEvents else {
            throw .invalid("a performance log holds at most \(Self.maximumEvents) events; this one has \(events.count)")
        }
        var state = initialState
        for (number, event) in events.enumerated() {
            do {
                try state.apply(event)
            } catch {
                throw .invalid("event \(number + 1) (at \(event.time) s): \(error)")
            }
        }
    }

    private enum CodingKeys: String, CodingKey { case formatVersion, seed, chordset, checkpoint, headroom, events, recordedFrom, recordedUntil }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(formatVersion, forKey: .formatVersion)
        try container.encode(seed, forKey: .seed)
        try container.encode(chordset, forKey: .chordset)
        try container.encodeIfPresent(checkpoint, forKey: .checkpoint)
        if checkpoint == nil { try container.encode(headroom, forKey: .headroom) }
        try container.encode(events, forKey: .events)
        if recordedFrom != 0 { try container.encode(recordedFrom, forKey: .recordedFrom) }
        try container.encodeIfPresent(recordedUntil, forKey: .recordedUntil)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let version = try container.decode(Int.self, forKey: .formatVersion)
        guard version <= Self.formatVersion, version >= 1 else {
            throw InstrumentError.invalid(
                "this performance log has format version \(version); this Image Performer reads up to version "
                    + "\(Self.formatVersion) — update Image Performer")
        }
        let checkpoint = version >= 2 ? try container.decodeIfPresent(PerformanceState.self, forKey: .checkpoint) : nil
        if let checkpoint {
            self.init(checkpoint: checkpoint, recordedFrom: checkpoint.time)
            let events = try container.decode([PerformanceEvent].self, forKey: .events)
            try validate(events)
            self.events = events
        } else {
            try self.init(
                chordset: try container.decode(Chordset.self, forKey: .chordset),
                seed: try container.decode(UInt64.self, forKey: .seed),
                events: try container.decode([PerformanceEvent].self, forKey: .events))
            headroom = try container.decodeIfPresent(Double.self, forKey: .headroom)?.checked("headroom", in: 0...1) ?? 0
        }
        recordedFrom = try container.decodeIfPresent(Double.self, forKey: .recordedFrom)?
            .checked("recording start (s)", in: (checkpoint?.time ?? 0)...PerformanceState.maximumTime) ?? checkpoint?.time ?? 0
        recordedUntil = try container.decodeIfPresent(Double.self, forKey: .recordedUntil)?
            .checked("recording end (s)", in: recordedFrom...PerformanceState.maximumTime)
    }
}

/// Plays a log forward frame by frame, applying each event once: the cheap way to render a whole
/// performance. Its frames go through the output stage (`HeadroomLimiter`) in the order asked for, as a
/// canvas shows them; asking for an earlier time starts again from the beginning, so the same requests
/// in the same order always give the same frames.
public struct PerformancePlayer: Sendable {
    public let log: PerformanceLog
    public private(set) var state: PerformanceState
    private var limiter = HeadroomLimiter()
    private var nextEvent = 0
    /// The latest time played to; lumis finished by then have been let go.
    private var playedTo = 0.0

    public init(log: PerformanceLog) {
        self.log = log
        state = log.initialState
    }

    /// Applies every event up to and including `time`.
    public mutating func advance(to time: Double) {
        if time < playedTo {
            state = log.initialState
            nextEvent = 0
            limiter = HeadroomLimiter()
        }
        playedTo = time
        while nextEvent < log.events.count, log.events[nextEvent].time <= time {
            // The log was validated whole when it was made, so every event applies.
            _ = try? state.apply(log.events[nextEvent])
            nextEvent += 1
        }
        state.prune(at: time)
    }

    /// The frame at `time`, through the output stage.
    public mutating func scene(at time: Double) -> Scene {
        advance(to: time)
        var scene = state.scene(at: time)
        limiter.apply(to: &scene)
        return scene
    }
}

extension PerformanceLog {
    /// The log as a file holds it: JSON, keys sorted and indented, so that two recordings compare by eye.
    /// Throws (never writing an empty file in its place) if some value cannot be written as JSON.
    public func fileContents() throws(InstrumentError) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        do {
            return Array(try encoder.encode(self))
        } catch {
            throw .invalid("the performance log could not be written as JSON: \(error)")
        }
    }
}

extension PerformanceLog: Equatable {
    /// Two logs are equal when they play the same: the same start, events and span. Checkpoints compare by
    /// what they write down (a state's tables are caches of it).
    public static func == (a: PerformanceLog, b: PerformanceLog) -> Bool {
        guard a.formatVersion == b.formatVersion, a.seed == b.seed, a.chordset == b.chordset, a.events == b.events,
            a.recordedFrom == b.recordedFrom, a.recordedUntil == b.recordedUntil
        else { return false }
        switch (a.checkpoint, b.checkpoint) {
        case (nil, nil): return true
        case (let first?, let second?):
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            // A checkpoint that cannot be written down equals nothing, itself included.
            guard let firstText = try? encoder.encode(first), let secondText = try? encoder.encode(second) else { return false }
            return firstText == secondText
        default: return false
        }
    }
}
