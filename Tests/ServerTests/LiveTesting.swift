import Engine
import Foundation
import HummingbirdWSTesting
import HummingbirdWebSocket
import Instrument
import Server
import Synchronization
import Testing
import TestSupport

/// What the server tests share: a session on the Lumia chordset, JSON reading, and a client's messages.
enum LiveTesting {
    static func session(recordings: (any RecordingStore)? = nil, shelf: (any ChordsetShelf)? = nil) -> LiveSession<ContinuousClock> {
        LiveSession(instrument: LiveInstrument(
            engine: InstrumentEngine(chordset: FactoryChordsets.lumia, clock: ContinuousClock()), shelf: shelf, recordings: recordings))
    }
}

enum LiveTestingError: Error { case noSuchChordset }

func json(_ text: String) throws -> [String: Any] {
    try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] ?? [:]
}

/// A client's incoming messages, read until one matches.
struct MessageReader {
    var iterator: WebSocketInboundMessageStream.AsyncIterator

    init(_ inbound: WebSocketInboundStream) {
        iterator = inbound.messages(maxSize: 1 << 24).makeAsyncIterator()
    }

    /// The next text message whose `type` is `type` (others are passed over); nil when the stream ends first.
    mutating func text(ofType type: String, within limit: Int = 2_000) async throws -> [String: Any]? {
        for _ in 0..<limit {
            guard let message = try await iterator.next() else { return nil }
            if case .text(let text) = message, let object = try? json(text), object["type"] as? String == type { return object }
        }
        return nil
    }

    /// The next text message of `type`; throws when none comes.
    mutating func expect(_ type: String) async throws -> [String: Any] {
        guard let message = try await text(ofType: type) else { throw MissingMessage(type: type) }
        return message
    }

    struct MissingMessage: Error { let type: String }

    /// The next binary message.
    mutating func binary(within limit: Int = 2_000) async throws -> [UInt8]? {
        for _ in 0..<limit {
            guard let message = try await iterator.next() else { return nil }
            if case .binary(let buffer) = message { return Array(buffer: buffer) }
        }
        return nil
    }
}
