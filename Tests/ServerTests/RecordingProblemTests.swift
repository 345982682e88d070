import Engine
import Foundation
import Hummingbird
import HummingbirdTesting
import HummingbirdWSTesting
import HummingbirdWebSocket
import Instrument
import TestSupport
import Testing

@testable import Server

/// A recording whose disk fails is said to every client at once — `recording` with its `problem` — and in
/// `/status` until the next recording starts; on a real server.
@Suite("A recording's problems, told", .timeLimit(.minutes(2)))
struct RecordingProblemTests {
    @Test func aRecordingWhoseDiskFailsIsToldToEveryClientAndInTheStatus() async throws {
        let recordings = MemoryRecordings()
        let session = LiveTesting.session(recordings: recordings)
        try await buildApplication(configuration: ServerConfiguration(port: 0), session: session).test(.live) { client in
            try await client.ws("/live", configuration: .init(maxFrameSize: 1 << 24)) { inbound, outbound, _ in
                var reader = MessageReader(inbound)
                _ = try await reader.expect("snapshot")
                try await outbound.write(.text(#"{"type":"record","on":true}"#))
                #expect(try await reader.expect("recording")["on"] as? Bool == true)
                let journal = try #require(recordings.all.first)
                journal.failWrites("write: No space left on device")
                // The server's flusher finds it at its next turn, a quarter of a second at most.
                let stopped = try await reader.expect("recording")
                #expect(stopped["on"] as? Bool == false)
                #expect(stopped["file"] as? String == journal.location)
                let problem = try #require(stopped["problem"] as? String)
                #expect(problem.contains("No space left on device"))
                #expect(await session.status.recordingProblem == problem)
            }
            try await client.execute(uri: "/status", method: .get) { response in
                let status = try JSONDecoder().decode(LiveStatus.self, from: Data(buffer: response.body))
                #expect(status.recordingProblem?.contains("No space left on device") == true)
                #expect(status.recordedEvents == 0)
            }
        }
        // The next recording starts clean.
        try await session.instrument.startRecording()
        #expect(await session.status.recordingProblem == nil)
        _ = try await session.instrument.stopRecording()
    }
}
