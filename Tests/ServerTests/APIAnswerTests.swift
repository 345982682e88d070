import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Testing

@testable import Server

/// The API's answers: what cannot be written is a failure said as one, never the route's success.
@Suite("API answers")
struct APIAnswerTests {
    /// An answer whose writing fails, as a value that cannot be JSON (not a number) would.
    struct Unwritable: Encodable {
        let value = Double.nan
    }

    @Test func anAnswerThatCannotBeWrittenIsA500NotTheRoutesSuccess() async throws {
        let response = APIAnswer.response(.created, Unwritable())
        #expect(response.status == .internalServerError)
        #expect(response.headers[.contentType] == "application/json")
        let written = try await body(of: response)
        #expect(try JSONSerialization.jsonObject(with: Data(written)) as? [String: String] == ["error": "the answer could not be written"])
    }

    @Test func anAnswerIsWrittenWithSortedKeysAndNotCached() async throws {
        struct Answer: Encodable {
            let zebra = 1
            let address = "/api/x"
        }
        let response = APIAnswer.response(.ok, Answer())
        #expect(response.status == .ok)
        #expect(response.headers[.cacheControl] == "no-store")
        #expect(String(decoding: try await body(of: response), as: UTF8.self) == #"{"address":"/api/x","zebra":1}"#)
    }

    @Test func fieldsAddedToAnAnswerWrittenOnceAreJSONAndKeepWhatItHeld() throws {
        let kept = try APIAnswer.encoded(["revision": 3])
        let answer = try APIAnswer.adding(["results": [1, 2], "damaged": [String]()], to: kept)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(answer)) as? [String: Any])
        #expect(object["revision"] as? Int == 3 && object["results"] as? [Int] == [1, 2] && (object["damaged"] as? [String])?.isEmpty == true)
        #expect(try APIAnswer.adding(["one": 1], to: Array("{}".utf8)) == Array(#"{"one":1}"#.utf8))
        #expect(try APIAnswer.adding([:], to: kept) == kept)
        #expect(throws: EncodingError.self) { try APIAnswer.adding(["one": 1], to: Array("[1]".utf8)) }
    }

    func body(of response: Response) async throws -> [UInt8] {
        let collector = BodyCollector()
        try await response.body.write(collector)
        return collector.bytes
    }
}

/// Collects a response body's bytes.
final class BodyCollector: ResponseBodyWriter, @unchecked Sendable {
    var bytes: [UInt8] = []
    func write(_ buffer: ByteBuffer) async throws { bytes += Array(buffer: buffer) }
    func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
