import Foundation
import Instrument
import Synchronization
import Testing
import TestSupport

@testable import Recordings

#if canImport(Glibc)
import Glibc
#endif

/// A recording whose disk stops answering while it runs: the sound journal's descriptor turned, under it, into
/// a pipe nobody reads, so that a flush's write waits — as it does on a frozen or hung disk — until the test
/// drains the pipe. Serialized with the failing disk's tests: both look at every descriptor of the process.
#if os(Linux)
@Suite("A recording on a disk that hangs", .serialized)
struct HangingDiskTests {
    /// The descriptor this process holds on the sound journal under `folder`.
    static func soundJournalDescriptor(under folder: URL) throws -> Int32 {
        try #require(FailingDiskTests.descriptors(under: folder).first { descriptor in
            let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(descriptor)")
            return target?.hasSuffix("." + HeardSoundJournal.fileExtension) == true
        })
    }

    /// Stopping a recording lets go of its sound while a flush of it still waits for the disk: when the disk
    /// answers, the flush finds the queue already emptied. It used to take from the queue what it had written
    /// — from an empty array, a trap that stopped the show.
    @Test(.timeLimit(.minutes(1)))
    func lettingGoWhileAFlushWaitsForTheDiskDoesNotTrap() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let root = temporary.url.resolvingSymlinksInPath()
        let journal = try RecordingFolder(root.appendingPathComponent("recordings"))
            .begin(PerformanceLog(checkpoint: PerformanceState(chordset: FactoryChordsets.lumia), recordedFrom: 1))
        let sound = try journal.keepSound(sampleRate: 48_000, channels: 1)
        let file = try Self.soundJournalDescriptor(under: root)
        // A second of sound, 192 kB: more than a pipe holds, so the flush's write waits for a reader.
        sound.append(FailingDiskTests.sine(rate: 48_000, seconds: 1))

        let disk = dup(file)
        var pipe: [Int32] = [-1, -1]
        try #require(Glibc.pipe(&pipe) == 0 && disk >= 0)
        defer { close(disk); close(pipe[0]); close(pipe[1]) }
        try #require(fcntl(pipe[0], F_SETFL, O_NONBLOCK) == 0 && dup2(pipe[1], file) == file)

        let threads = Outcomes()
        Thread {
            let result = Result<Void, RecordingError>(catching: { () throws(RecordingError) in try sound.flush() })
            threads.flushed.withLock { $0 = result }
        }.start()
        try waitUntil("the flush to fill the pipe and wait") { Self.bytesWaiting(in: pipe[0]) >= 4096 }
        #expect(threads.flushed.withLock { $0 == nil }, "a second does not fit in a pipe: the flush waits")
        Thread {
            sound.letGo()
            threads.letGo.withLock { $0 = true }
        }.start()
        try waitUntil("the sound's queue to be let go") { sound.queuedSamples == 0 }
        #expect(!threads.letGo.withLock { $0 }, "letting go waits for the flush that holds the file")

        // The disk answers: the write finishes into the pipe, the sync reaches the real file.
        try #require(dup2(disk, file) == file)
        var drained = 0
        var buffer = [UInt8](repeating: 0, count: 65_536)
        try waitUntil("the flush to finish") {
            drained += max(0, read(pipe[0], &buffer, buffer.count))
            return threads.flushed.withLock { $0 != nil }
        }
        try waitUntil("letting go to finish") { threads.letGo.withLock { $0 } }
        #expect(drained == 48_000 * 4, "the whole second was written")
        #expect(throws: Never.self) { try threads.flushed.withLock { $0 }?.get() }
        #expect(sound.queuedSamples == 0)
        #expect(!FailingDiskTests.descriptors(under: root).contains(file), "the sound journal is closed")

        // The recording closes (its sound reached the pipe, not the file: the log and an empty sound).
        let log = URL(fileURLWithPath: try journal.finishAsWritten().log)
        #expect(FileManager.default.fileExists(atPath: log.path))
        #expect(!FileManager.default.fileExists(atPath: sound.url.path), "the sound journal is closed into the recording")
    }

    /// What the two threads of the test did: the flush's outcome, and whether letting go has returned.
    final class Outcomes: Sendable {
        let flushed = Mutex<Result<Void, RecordingError>?>(nil)
        let letGo = Mutex(false)
    }

    static func bytesWaiting(in descriptor: Int32) -> Int {
        var count: Int32 = 0
        return ioctl(descriptor, UInt(FIONREAD), &count) == 0 ? Int(count) : 0
    }
}
#endif
