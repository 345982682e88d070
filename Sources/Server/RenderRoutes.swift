import Composition
import Engine
import Foundation
import HTTPTypes
import Hummingbird

/// The lab's renders over HTTP (docs/composition.md): a composition or a pair rendered to WAV, FLAC or an MP4
/// of its light, followed (`GET`, and `{"type": "render"}` on `/live`), cancelled, and downloaded.
enum RenderRoutes {
    static func add<C: Clock>(to router: Router<LiveRequestContext>, session: LiveSession<C>) where C.Duration == Duration {
        @Sendable func renders() throws -> LiveRenders {
            guard let renders = session.renders else { throw LiveError(.unavailable, "this instrument renders nothing") }
            return renders
        }
        @Sendable func id(_ context: LiveRequestContext) throws -> Int {
            guard let id = context.parameters.get("id").flatMap({ Int($0) }) else { throw APIRefusal(.notFound, "a render is named by its id, a number") }
            return id
        }
        @Sendable func answer(_ status: HTTPResponse.Status = .ok, _ body: () async throws -> any Encodable) async -> Response {
            do { return APIAnswer.response(status, try await body()) } catch { return LibraryRoutes.failure(error) }
        }

        let api = router.group("/api/renders")
        api.get("") { _, _ in await answer { Listing(renders: try renders().all) } }
        api.post("") { request, _ in
            await answer(.accepted) {
                guard let body = try await LibraryRoutes.decode(Body.self, from: request) else {
                    throw APIRefusal(.badRequest, "say what to render: {\"composition\": 1, \"format\": \"wav\"}")
                }
                return One(render: try renders().start(try body.request()))
            }
        }
        api.get("/{id}") { _, context in await answer { One(render: try renders().status(of: try id(context))) } }
        api.post("/{id}/cancel") { _, context in await answer { One(render: try renders().cancel(try id(context))) } }
        api.get("/{id}/file") { _, context in
            do {
                let renders = try renders(), id = try id(context)
                let file = try renders.file(of: id)
                let body = try await FileIO().loadFile(path: file.path, context: context)
                return Response(
                    status: .ok,
                    headers: [
                        .contentType: contentType(of: file), .contentDisposition: "attachment; filename=\"\(file.lastPathComponent)\"",
                        .cacheControl: "no-store",
                    ],
                    body: body)
            } catch {
                return LibraryRoutes.failure(error)
            }
        }
    }

    static func contentType(of file: URL) -> String {
        switch file.pathExtension.lowercased() {
        case "wav": "audio/wav"
        case "flac": "audio/flac"
        case "mp4": "video/mp4"
        case "csv": "text/csv; charset=utf-8"
        default: "application/octet-stream"
        }
    }

    struct Listing: Encodable { let renders: [RenderStatus] }
    struct One: Encodable { let render: RenderStatus }

    /// What `POST /api/renders` takes: a composition's id, or a pair's part and voice; a format; for video its
    /// size and frame rate, which the lab's Render dialog refuses in the same words (render-model.js's
    /// `checkedVideo`; both held to Tests/fixtures/twin-rules/render-request.json).
    struct Body: Decodable {
        let composition: Int64?
        let part: Int64?
        let voice: Int64?
        let format: String
        let width: Int?
        let height: Int?
        let fps: Int?
        /// DMX frames a second, for a render of the light's DMX (40 when left out).
        let dmxRate: Int?

        func request() throws -> RenderRequest {
            let source: RenderRequest.Source
            switch (composition, part, voice) {
            case (let composition?, nil, nil): source = .composition(CompositionID(composition))
            case (nil, let part?, let voice?): source = .pair(Pair(PartID(part), VoiceID(voice)))
            default: throw APIRefusal(.badRequest, "render a composition (\"composition\": its id) or a pair (\"part\" and \"voice\"), one of them")
            }
            switch format {
            case "wav": return RenderRequest(source: source, format: .wav)
            case "flac": return RenderRequest(source: source, format: .flac)
            case "mp4": return RenderRequest(source: source, format: try .video(checkedWidth: width, height: height, fps: fps))
            case "csv": return RenderRequest(source: source, format: try .dmx(checkedRate: dmxRate))
            default:
                throw APIRefusal(.badRequest, "a render's format is wav, flac, mp4 or csv (the light's DMX), not \"\(format.prefix(20))\"")
            }
        }
    }
}
