/// Where a recording kept an intent it was given: as an event of its log, or as a hearing beside it
/// (`Hearings`). Each has its own limit — a log's `PerformanceLog.maximumEvents`, its hearings'
/// `Hearings.maximumCount` — so a listening set's hundred hearings a second do not fill the log.
public enum RecordedAs: Sendable, Equatable {
    case event, hearing
}

/// What was heard while a performance was recorded, kept apart from its log's events: a hundred hearings a
/// second would outgrow the log (and its cap of events) in a long set, so each is kept as a `HeardRecord` —
/// fixed-size, 32 bytes — with its time and its place among the events, and a replay puts it back where it
/// was played. Only hearings that the record holds exactly are kept here (those the listening makes); any
/// other stays an event of the log.
public struct Hearings: Sendable, Equatable {
    /// The most hearings one performance keeps: eleven hours at a hundred a second.
    public static let maximumCount = 4_000_000

    public private(set) var records: [HeardRecord] = []

    public init() {}

    /// Hearings read back, checked to be in order: positions and times never go back.
    public init(_ records: [HeardRecord]) throws(InstrumentError) {
        guard records.count <= Self.maximumCount else {
            throw .invalid("a performance keeps at most \(Self.maximumCount) hearings, not \(records.count)")
        }
        for (earlier, later) in zip(records, records.dropFirst()) where later.position < earlier.position || later.time < earlier.time {
            throw .invalid("the hearing at \(later.time) s comes before the one at \(earlier.time) s")
        }
        self.records = records
    }

    public var count: Int { records.count }
    public var isEmpty: Bool { records.isEmpty }

    /// The time of the last hearing, if any.
    public var lastTime: Double? { records.last?.time }

    /// The records played before the log's event `position` was, and no later (a log cut short keeps the
    /// hearings of the events it kept).
    public func prefix(throughPosition position: Int) -> Hearings {
        var kept = Hearings()
        kept.records = Array(records.prefix { Int($0.position) <= position })
        return kept
    }
}

/// One hearing as a recording keeps it: its place among the log's events (how many came before it), its time,
/// and the heard values as the listening rounds them — levels to four places, the tempo to a hundredth of a
/// beat a minute — so that it reads back exactly. 32 bytes, little-endian, with a checksum, so that a torn or
/// damaged record is told from a whole one.
public struct HeardRecord: Sendable, Hashable {
    /// The length of a record in bytes.
    public static let size = 32

    /// How many of the log's events were played before it.
    public var position: UInt32
    public var time: Double
    /// level, peak, the four bands and the onset, in ten-thousandths; then the tempo in hundredths (0: none).
    private var values: [UInt16]

    /// The record of `heard` played at `time` after `position` events, when a record holds it exactly.
    public init?(_ heard: Heard, time: Double, position: Int) {
        guard let position = UInt32(exactly: position), time.isFinite, time >= 0, heard.bands.count == 4 else { return nil }
        let levels = [heard.level, heard.peak] + heard.bands + [heard.onset]
        var values = levels.compactMap { level -> UInt16? in
            let scaled = (level * 10_000).rounded()
            return (0...10_000).contains(scaled) ? UInt16(scaled) : nil
        }
        guard values.count == levels.count else { return nil }
        if let tempo = heard.tempo {
            let scaled = (tempo * 100).rounded()
            guard (2_000...30_000).contains(scaled) else { return nil }
            values.append(UInt16(scaled))
        } else {
            values.append(0)
        }
        self.position = position
        self.time = time
        self.values = values
        // Kept here only if it reads back as it was (the listening's own rounding does).
        guard self.heard == heard else { return nil }
    }

    /// What was heard.
    public var heard: Heard {
        func level(_ index: Int) -> Double { Double(values[index]) / 10_000 }
        return Heard(
            level: level(0), peak: level(1), bands: [level(2), level(3), level(4), level(5)], onset: level(6),
            tempo: values[7] == 0 ? nil : Double(values[7]) / 100)
    }

    /// The hearing as the log's event it stands for.
    public var event: PerformanceEvent { PerformanceEvent(time: time, intent: .heard(heard)) }

    /// The record's 32 bytes.
    public var bytes: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Self.size)
        withUnsafeBytes(of: position.littleEndian) { bytes += $0 }
        withUnsafeBytes(of: time.bitPattern.littleEndian) { bytes += $0 }
        for value in values { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
        withUnsafeBytes(of: bytes.withUnsafeBytes { Self.checksum($0) }.littleEndian) { bytes += $0 }
        return bytes
    }

    /// Reads a record from its 32 bytes; nil when they are torn, damaged or hold values out of range.
    public init?(bytes: some Collection<UInt8>) {
        guard let record = Array(bytes).withUnsafeBytes({ HeardRecord(raw: $0) }) else { return nil }
        self = record
    }

    /// Reads a record from its 32 bytes in memory (a file's, mapped): as `init(bytes:)`, without copying them.
    public init?(raw bytes: UnsafeRawBufferPointer) {
        guard bytes.count == Self.size else { return nil }
        func read<T: FixedWidthInteger>(_: T.Type, at offset: Int) -> T {
            T(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: T.self))
        }
        guard read(UInt32.self, at: 28) == Self.checksum(UnsafeRawBufferPointer(rebasing: bytes[0..<28])) else { return nil }
        let time = Double(bitPattern: read(UInt64.self, at: 4))
        var values: [UInt16] = []
        values.reserveCapacity(8)
        for index in 0..<8 { values.append(read(UInt16.self, at: 12 + 2 * index)) }
        guard time.isFinite, (0...PerformanceState.maximumTime).contains(time), values[0..<7].allSatisfy({ $0 <= 10_000 }),
            values[7] == 0 || (2_000...30_000).contains(values[7])
        else { return nil }
        position = read(UInt32.self, at: 0)
        self.time = time
        self.values = values
    }

    /// FNV-1a over the record's first 28 bytes.
    private static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        var hash: UInt32 = 0x811C_9DC5
        for byte in bytes { hash = (hash ^ UInt32(byte)) &* 0x0100_0193 }
        return hash
    }
}
