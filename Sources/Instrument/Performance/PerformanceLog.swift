import Foundation

/// A performance as a timestamped list of intents, with where it started: a chordset and a random seed
/// (version 1), or a checkpoint of the whole live state (version 2: a recording started mid-performance).
/// Everything that was played can be heard again: replaying the log gives identical frames, at any size
/// and frame rate. Codable, so it can be recorded to a file and rendered to video later.
public struct PerformanceLog: Sendable, Codable {
    /// The newest format version this build reads and writes; logs of later versions are refused. A log is
    /// written as version 1 when it has no checkpoint, and as version 2 when it keeps no hearings in a file
    /// beside it (version 3), so that it reads as before.
    public static let formatVersion = 3
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
    /// The polyphony a performance without a checkpoint starts with: nil (no limit) unless the log says, as
    /// performances were played before polyphony existed.
    public private(set) var polyphony: Int?
    /// Where the recording proper begins (seconds): the events before it set the stage — the chordset,
    /// the colours, what is already on the canvas — and a render starts here.
    public var recordedFrom: Double = 0
    /// Where the recording ends, if it was stopped after its last event.
    public var recordedUntil: Double?
    /// What was heard while it was recorded, kept apart from the events (`Hearings`); a replay plays each
    /// where it was heard. Read from the file `hearingsFile` names, beside the log.
    public private(set) var hearings = Hearings()
    /// The name of the file beside the log that keeps its hearings, and how many it holds.
    public private(set) var hearingsFile: (name: String, count: Int)?

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
            guard self.events.count < Self.maximumEvents, (try? state.apply(event)) != nil else { break }  // the first that does not apply ends it
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
        state.polyphony = polyphony
        return state
    }

    /// Makes the performance start with the output stage at `strength` (0…1), whatever the log said: to
    /// render a recording made before the output stage existed with it, or one made with it without.
    public mutating func startHeadroom(at strength: Double) {
        headroom = strength.clamped(to: 0...1)
        checkpoint?.headroom = headroom
    }

    /// Makes the performance start with `count` lumis at most sounding at once (`PerformanceState.polyphonyRange`),
    /// whatever the log said: to render a recording made without a polyphony with one. A checkpoint's lumis
    /// past it are stolen at its moment.
    public mutating func startPolyphony(at count: Int) throws(InstrumentError) {
        try Intent.polyphony(count).validate()
        polyphony = count
        if let time = checkpoint?.time { _ = checkpoint?.setPolyphony(count, at: time) }
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

    /// The time of the last event or hearing, or of the checkpoint, or 0.
    public var duration: Double { max(events.last?.time ?? checkpoint?.time ?? 0, hearings.lastTime ?? 0) }

    /// Names the file beside the log that keeps its `count` hearings (written by the recording as it goes).
    public mutating func keepsHearings(in name: String, count: Int) throws(InstrumentError) {
        try Self.validate(hearingsFile: name)
        guard (0...Hearings.maximumCount).contains(count) else {
            throw .invalid("a performance keeps at most \(Hearings.maximumCount) hearings, not \(count)")
        }
        hearingsFile = count > 0 ? (name, count) : nil
        formatVersion = hearingsFile == nil ? (checkpoint == nil ? 1 : 2) : 3
    }

    /// Puts back the hearings read from `hearingsFile`: each must lie between the events it was heard among.
    /// Those after the log's last event that fit are kept (a log cut short keeps what it can play).
    public mutating func play(_ hearings: Hearings) throws(InstrumentError) {
        let start = checkpoint?.time ?? 0
        for record in hearings.records {
            let position = Int(record.position)
            guard position <= events.count, record.time >= start,
                position == 0 || events[position - 1].time <= record.time,
                position == events.count || record.time <= events[position].time
            else {
                throw .invalid("the hearing at \(record.time) s does not lie between the events it was heard among")
            }
        }
        self.hearings = hearings
    }

    private static func validate(hearingsFile name: String) throws(InstrumentError) {
        guard !name.isEmpty, name.count <= 255, !name.contains("/"), !name.contains("\\"), !name.hasPrefix(".") else {
            throw .invalid("a log's hearings are kept in a file beside it, named without a folder, not “\(name)”")
        }
    }

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

    private enum CodingKeys: String, CodingKey {
        case formatVersion, seed, chordset, checkpoint, headroom, polyphony, events, recordedFrom, recordedUntil, hearings
    }

    /// Where the hearings are, as the log writes it: `{"file": NAME, "count": N}`.
    private struct HearingsFile: Codable {
        var file: String
        var count: Int
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(formatVersion, forKey: .formatVersion)
        try container.encode(seed, forKey: .seed)
        try container.encode(chordset, forKey: .chordset)
        try container.encodeIfPresent(checkpoint, forKey: .checkpoint)
        if checkpoint == nil {
            try container.encode(headroom, forKey: .headroom)
            try container.encodeIfPresent(polyphony, forKey: .polyphony)
        }
        try container.encode(events, forKey: .events)
        if recordedFrom != 0 { try container.encode(recordedFrom, forKey: .recordedFrom) }
        try container.encodeIfPresent(recordedUntil, forKey: .recordedUntil)
        try container.encodeIfPresent(hearingsFile.map { HearingsFile(file: $0.name, count: $0.count) }, forKey: .hearings)
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
            if let count = try container.decodeIfPresent(Int.self, forKey: .polyphony) { try startPolyphony(at: count) }
        }
        recordedFrom = try container.decodeIfPresent(Double.self, forKey: .recordedFrom)?
            .checked("recording start (s)", in: (checkpoint?.time ?? 0)...PerformanceState.maximumTime) ?? checkpoint?.time ?? 0
        recordedUntil = try container.decodeIfPresent(Double.self, forKey: .recordedUntil)?
            .checked("recording end (s)", in: recordedFrom...PerformanceState.maximumTime)
        if version >= 3, let file = try container.decodeIfPresent(HearingsFile.self, forKey: .hearings) {
            try keepsHearings(in: file.file, count: file.count)
        }
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
    private var nextHearing = 0
    /// The latest time played to; lumis finished by then have been let go.
    private var playedTo = 0.0

    public init(log: PerformanceLog) {
        self.log = log
        state = log.initialState
    }

    /// Applies every event and hearing up to and including `time`, each hearing where it was heard among
    /// the events.
    public mutating func advance(to time: Double) {
        if time < playedTo {
            state = log.initialState
            nextEvent = 0
            nextHearing = 0
            limiter = HeadroomLimiter()
        }
        playedTo = time
        let events = log.events, hearings = log.hearings.records
        while true {
            // The log was validated whole when it was made, so every event applies.
            if nextHearing < hearings.count, Int(hearings[nextHearing].position) <= nextEvent {
                guard hearings[nextHearing].time <= time else { break }
                _ = try? state.apply(hearings[nextHearing].event)
                nextHearing += 1
            } else if nextEvent < events.count, events[nextEvent].time <= time {
                _ = try? state.apply(events[nextEvent])
                nextEvent += 1
            } else {
                break
            }
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
            a.recordedFrom == b.recordedFrom, a.recordedUntil == b.recordedUntil, a.hearings == b.hearings,
            a.hearingsFile?.name == b.hearingsFile?.name, a.hearingsFile?.count == b.hearingsFile?.count
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
