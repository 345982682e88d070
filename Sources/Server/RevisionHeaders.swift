import Engine
import HTTPTypes
import Hummingbird

/// How a revised value's revision travels over HTTP: a GET answers it as its `ETag` (`"N"`), a change may
/// carry the one it was made from in `If-Match` (`*`, or no header, matches any), and a change made from a
/// stale one is answered 409 with the value as it now is, so the console shows what changed and keeps what
/// the performer typed.
enum RevisionHeaders {
    /// `ETag: "N"`.
    static func eTag(_ revision: Int) -> HTTPFields { [.eTag: "\"\(revision)\""] }

    /// The revision `If-Match` names; nil when there is none, or `*`. Refused when it is not one this
    /// server gave (a quoted decimal, optionally weak).
    static func expected(in request: Request) throws -> Int? {
        guard let header = request.headers[.ifMatch]?.trimmingCharacters(in: .whitespaces), header != "*" else { return nil }
        var tag = Substring(header)
        if tag.hasPrefix("W/") { tag = tag.dropFirst(2) }
        guard tag.count >= 3, tag.first == "\"", tag.last == "\"", tag.count <= 22, let revision = Int(tag.dropFirst().dropLast()), revision >= 0
        else {
            throw APIRefusal(.badRequest, "If-Match must be the ETag a GET gave (a quoted number, such as \"12\"); “\(header.prefix(40))” is not")
        }
        return revision
    }

    /// 409: `{"error": "…", "current": …}`, with the current value's ETag (`current` left out when it cannot
    /// be read).
    /// `whatWasNotChanged`: the line's start, "the fixture patch was not changed".
    static func conflict<Current: Encodable>(_ stale: StaleRevision, whatWasNotChanged: String, current: Current?) -> Response {
        APIAnswer.response(.conflict, Conflict(error: "\(whatWasNotChanged): \(stale)", current: current), headers: eTag(stale.revision))
    }

    private struct Conflict<Current: Encodable>: Encodable {
        let error: String
        let current: Current?
    }
}
