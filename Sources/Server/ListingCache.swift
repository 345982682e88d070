import Foundation
import HTTPTypes
import Hummingbird
import Synchronization

/// The chordset list written once per revision of the library and served with an ETag: every console asks
/// for it at each change, and a browser that holds this revision already is answered 304 with nothing.
/// The tag holds a number of this run, so that revisions counted again after a restart never match.
final class ListingCache: Sendable {
    private let run = String(UInt32.random(in: .min ... .max), radix: 36)
    private let kept = Mutex<(version: String, bytes: [UInt8])?>(nil)

    /// The answer at `version` (what it depends on, read before the list: what is kept is at least as new as
    /// its tag), written by `make` when this version is not written yet.
    func response(to request: Request, version: String, make: () async throws -> some Encodable) async throws -> Response {
        let etag = "\"\(run)-\(version)\""
        let headers: HTTPFields = [.eTag: etag, .cacheControl: "no-cache"]
        if let asked = request.headers[.ifNoneMatch], asked.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == etag }) {
            return Response(status: .notModified, headers: headers)
        }
        if let bytes = kept.withLock({ $0?.version == version ? $0?.bytes : nil }) {
            return APIAnswer.response(.ok, bytes: bytes, headers: headers)
        }
        let answer = try await make()
        do {
            let bytes = try APIAnswer.encoded(answer)
            kept.withLock { $0 = (version, bytes) }
            return APIAnswer.response(.ok, bytes: bytes, headers: headers)
        } catch {
            return APIAnswer.response(.ok, answer)  // said as a 500, with a line in the log
        }
    }
}
