import Foundation
import Instrument
import Testing
import TestSupport

@testable import Recordings

/// A set recorded in parts: the next part named after the one that filled, and the parts of a set found in
/// their order — part 10 after part 9, nothing of another set among them.
@Suite("A set in parts")
struct RecordingSetTests {
    @Test func aPartIsNamedAfterTheOneBeforeItAndTakesTheNextNumberFree() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let folder = RecordingFolder(temporary.file("recordings"))
        let start = PerformanceLog(checkpoint: PerformanceState(chordset: FactoryChordsets.lumia), recordedFrom: 0)
        let first = try folder.begin(start, at: Date(timeIntervalSince1970: 1_800_000_000))
        let firstLog = URL(fileURLWithPath: try first.finish(until: 1))
        #expect(firstLog.lastPathComponent == "performance-2027-01-15T08-00-00.000Z.json")
        let second = URL(fileURLWithPath: try folder.begin(start, following: firstLog).finish(until: 2))
        #expect(second.lastPathComponent == "performance-2027-01-15T08-00-00.000Z-part2.json")
        // A part 3 there already (left from before): the next free number.
        try Data("{}".utf8).write(to: temporary.file("recordings/performance-2027-01-15T08-00-00.000Z-part3.json"))
        let fourth = URL(fileURLWithPath: try folder.begin(start, following: second).finish(until: 3))
        #expect(fourth.lastPathComponent == "performance-2027-01-15T08-00-00.000Z-part4.json")
    }

    @Test func thePartsOfASetAreFoundInOrderFromAnyOfThem() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        for name in ["set.json", "set-part2.json", "set-part10.json", "set-part9.json", "set-part2.flac", "set-part02.json",
                     "set-part1.json", "other.json", "other-part2.json", "set-partx.json", "sets-part3.json"] {
            try Data().write(to: temporary.file(name))
        }
        let expected = ["set.json", "set-part2.json", "set-part9.json", "set-part10.json"]
        for log in ["set.json", "set-part9.json"] {
            #expect(try RecordingSet.parts(of: temporary.file(log)).map(\.lastPathComponent) == expected)
        }
        #expect(try RecordingSet.parts(of: temporary.file("other-part2.json")).map(\.lastPathComponent) == ["other.json", "other-part2.json"])
        // Names that only look like parts are sets of their own.
        #expect(try RecordingSet.parts(of: temporary.file("set-part02.json")).map(\.lastPathComponent) == ["set-part02.json"])
        #expect(try RecordingSet.parts(of: temporary.file("set-part1.json")).map(\.lastPathComponent) == ["set-part1.json"])
        #expect(RecordingSet.name(ofPartAfter: temporary.file("set-part9.json")) == "set-part10")
        #expect(RecordingSet.name(ofPartAfter: temporary.file("set-part0.json")) == "set-part0-part2")
    }
}
