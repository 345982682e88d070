import Engine
import Foundation
import Hummingbird
import StageOutputs

/// The stage's outputs over HTTP (docs/outputs.md): `GET /api/outputs` says them with how many canvases show
/// each and what could not be read; `PUT /api/outputs/{name}` keeps a whole output, checked whole (a missing
/// field keeps its default); `DELETE /api/outputs/{name}` lets one go (Main stays); `POST
/// /api/outputs/{name}/rename` with `{"name": "New"}` renames one. Every change is told to every client, so
/// the canvases that show it follow within a frame.
enum OutputRoutes {
    static func add<C: Clock>(to router: Router<LiveRequestContext>, session: LiveSession<C>) where C.Duration == Duration {
        @Sendable func outputs() throws -> LiveOutputs {
            guard let outputs = session.outputs else { throw LiveError(.unavailable, "this instrument has only Main") }
            return outputs
        }
        @Sendable func answer(_ status: HTTPResponse.Status = .ok, _ body: () async throws -> any Encodable) async -> Response {
            do { return APIAnswer.response(status, try await body()) } catch { return LibraryRoutes.failure(error) }
        }

        let api = router.group("/api/outputs")
        api.get("") { _, _ in await answer { Listing(try outputs(), showing: session.hub.canvasesShowing) } }
        api.put("/:name") { request, context in
            await answer {
                let name = try pathName(context)
                let body = try await decoded(request, otherwise: #"send the whole output: {"name": "Left", "slice": {"x": 0, "y": 0, "width": 0.5, "height": 1}, …}"#)
                // A body whose name the text rule refuses is refused for that, by `put`; else it must be the address's.
                guard body.name == name || [nil, name].contains(StageOutput.shownName(body.name)) else {
                    throw APIRefusal(.badRequest, "the body names “\(StageOutput.quoted(body.name))”, the address “\(StageOutput.quoted(name))”: rename with POST …/rename")
                }
                let kept = try outputs().put(body)
                session.hub.broadcast(LiveMessages.outputs(try outputs().now.outputs))
                return kept
            }
        }
        api.delete("/:name") { _, context in
            do {
                try outputs().delete(try pathName(context))
                session.hub.broadcast(LiveMessages.outputs(try outputs().now.outputs))
                return Response(status: .noContent)
            } catch {
                return LibraryRoutes.failure(error)
            }
        }
        api.post("/:name/rename") { request, context in
            await answer {
                let name = try pathName(context)
                guard let body = try await LibraryRoutes.decode(NewName.self, from: request) else {
                    throw APIRefusal(.badRequest, #"say the new name: {"name": "Stage left"}"#)
                }
                let renamed = try outputs().rename(name, to: body.name)
                session.hub.outputRenamed(from: name, to: renamed.name)
                session.hub.broadcast(LiveMessages.outputs(try outputs().now.outputs, renamed: (name, renamed.name)))
                return renamed
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

    /// `{"outputs": […], "canvases": {"Main": 1, …}, "problems": […]}`.
    struct Listing: Encodable {
        let outputs: [StageOutput]
        let canvases: [String: Int]
        let problems: [String]

        init(_ live: LiveOutputs, showing: [String: Int]) {
            let now = live.now
            outputs = now.outputs.outputs
            canvases = Dictionary(uniqueKeysWithValues: outputs.map { ($0.name, showing[$0.name] ?? 0) })
            problems = now.problems
        }
    }
}
