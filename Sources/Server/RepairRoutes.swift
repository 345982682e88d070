import Engine
import Foundation
import Hummingbird

/// The library's damaged records over HTTP (`/api/library/damaged`, docs/library-api.md): listed, renamed and
/// deleted one by one. Every refusal is a 4xx with `{"error": "…"}` and changes nothing; every repair is
/// heard on `/live` as a change of the chordset list and of the music library.
enum RepairRoutes {
    static func add<C: Clock>(to router: Router<LiveRequestContext>, session: LiveSession<C>) where C.Duration == Duration {
        @Sendable func respond(_ body: (LiveRepairs<C>) async throws -> [DamagedRecord]) async -> Response {
            do {
                guard let repairs = session.repairs else { throw LiveError(.unavailable, "this instrument has no library") }
                return APIAnswer.response(.ok, Damaged(damaged: try await body(repairs)))
            } catch {
                return LibraryRoutes.failure(error)
            }
        }

        let api = router.group("/api/library/damaged")
        api.get("") { _, _ in await respond { repairs in try repairs.damage() } }
        api.post("/{kind}/{id}/rename") { request, context in
            await respond { repairs in
                guard let body = try await LibraryRoutes.decode(NameBody.self, from: request) else {
                    throw LiveError(.invalid, "send the new name: {\"name\": \"…\"}")
                }
                return try repairs.rename(try parameter("kind", context), try parameter("id", context), to: body.name)
            }
        }
        api.delete("/{kind}/{id}") { _, context in
            await respond { repairs in try repairs.delete(try parameter("kind", context), try parameter("id", context)) }
        }
    }

    private struct NameBody: Decodable { let name: String }

    private static func parameter(_ name: String, _ context: LiveRequestContext) throws -> String {
        guard let value = context.parameters.get(name) else { throw LiveError(.notFound, "name the record by its kind and id") }
        return value
    }

    /// The damaged records, as the API answers them.
    struct Damaged: Encodable { let damaged: [DamagedRecord] }
}
