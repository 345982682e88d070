import Engine
import Foundation
import Hummingbird
import StageOutputs

/// The stage's outputs over HTTP (docs/outputs.md): `GET /api/outputs` says them with how many canvases show
/// each and what could not be read; `PUT /api/outputs/{name}` keeps a whole output, checked whole (a missing
/// field keeps its default); `DELETE /api/outputs/{name}` lets one go (Main stays); `POST
/// /api/outputs/{name}/rename` with `{"name": "New"}` renames one. Every change is told to every client, so
/// the canvases that show it follow within a frame, with the outputs' revision: a GET gives it as its ETag,
/// a change may carry it in `If-Match`, and one made from a stale revision is answered 409 with the outputs
/// as they now are (`RevisionHeaders`).
enum OutputRoutes {
    static func add<C: Clock>(to router: Router<LiveRequestContext>, session: LiveSession<C>) where C.Duration == Duration {
        @Sendable func outputs() throws -> LiveOutputs {
            guard let outputs = session.outputs else { throw LiveError(.unavailable, "this instrument has only Main") }
            return outputs
        }
        /// The answer to a change: `body`'s value with the new revision's ETag; a stale change 409 with the
        /// outputs as they now are.
        @Sendable func change(_ status: HTTPResponse.Status = .ok, _ body: () async throws -> (value: (any Encodable)?, revision: Int)) async -> Response {
            do {
                let (value, revision) = try await body()
                guard let value else { return Response(status: .noContent, headers: RevisionHeaders.eTag(revision)) }
                return APIAnswer.response(status, value, headers: RevisionHeaders.eTag(revision))
            } catch let stale as StaleRevision {
                // Cannot fail: the stale change came from the outputs.
                return RevisionHeaders.conflict(stale, whatWasNotChanged: "the output was not changed", current: try? listing())
            } catch {
                return LibraryRoutes.failure(error)
            }
        }
        @Sendable func listing() throws -> Listing { Listing(try outputs(), showing: session.hub.canvasesShowing) }
        /// Every change told to every client in the order made, with its revision.
        @Sendable func tell(_ renamed: (from: String, to: String)? = nil) -> LiveOutputs.Teller {
            { outputs, revision in session.hub.broadcast(LiveMessages.outputs(outputs, revision: revision, renamed: renamed)) }
        }

        let api = router.group("/api/outputs")
        api.get("") { _, _ in
            do {
                let listing = try listing()
                return APIAnswer.response(.ok, listing, headers: RevisionHeaders.eTag(listing.revision))
            } catch {
                return LibraryRoutes.failure(error)
            }
        }
        api.put("/:name") { request, context in
            await change {
                let name = try pathName(context)
                let expected = try RevisionHeaders.expected(in: request)
                let body = try await decoded(request, otherwise: #"send the whole output: {"name": "Left", "slice": {"x": 0, "y": 0, "width": 0.5, "height": 1}, …}"#)
                // A body whose name the text rule refuses is refused for that, by `put`; else it must be the address's.
                guard body.name == name || [nil, name].contains(StageOutput.shownName(body.name)) else {
                    throw APIRefusal(.badRequest, "the body names “\(StageOutput.quoted(body.name))”, the address “\(StageOutput.quoted(name))”: rename with POST …/rename")
                }
                let kept = try outputs().put(body, from: expected, tell: tell())
                return (kept.output, kept.revision)
            }
        }
        api.delete("/:name") { request, context in
            await change {
                let revision = try outputs().delete(try pathName(context), from: try RevisionHeaders.expected(in: request), tell: tell())
                return (nil, revision)
            }
        }
        api.post("/:name/rename") { request, context in
            await change {
                let name = try pathName(context)
                let expected = try RevisionHeaders.expected(in: request)
                guard let body = try await LibraryRoutes.decode(NewName.self, from: request) else {
                    throw APIRefusal(.badRequest, #"say the new name: {"name": "Stage left"}"#)
                }
                // What the rule makes of the new name, should the rename be kept (`rename` checks it).
                let shown = StageOutput.shownName(body.name) ?? body.name
                let renamed = try outputs().rename(name, to: body.name, from: expected) { outputs, revision in
                    // The canvases that showed it show it under its new name before anyone is told.
                    session.hub.outputRenamed(from: name, to: shown)
                    tell((name, shown))(outputs, revision)
                }
                return (renamed.output, renamed.revision)
            }
        }
    }

    /// The output named in the address, percent-decoded.
    private static func pathName(_ context: LiveRequestContext) throws -> String {
        guard let raw = context.parameters.get("name"), let name = raw.removingPercentEncoding else {
            throw APIRefusal(.badRequest, "an output's name in the address is percent-encoded text")
        }
        return name
    }

    private static func decoded(_ request: Request, otherwise example: String) async throws -> StageOutput {
        guard let body = try await LibraryRoutes.decode(StageOutput.self, from: request) else { throw APIRefusal(.badRequest, example) }
        return body
    }

    private struct NewName: Decodable { let name: String }

    /// `{"outputs": […], "canvases": {"Main": 1, …}, "problems": […], "revision": N}`.
    struct Listing: Encodable {
        let outputs: [StageOutput]
        let canvases: [String: Int]
        let problems: [String]
        let revision: Int

        init(_ live: LiveOutputs, showing: [String: Int]) {
            let now = live.revised
            outputs = now.outputs.outputs
            canvases = Dictionary(uniqueKeysWithValues: outputs.map { ($0.name, showing[$0.name] ?? 0) })
            problems = now.problems
            revision = now.revision
        }
    }
}
