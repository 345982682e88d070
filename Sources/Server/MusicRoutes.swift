import Composition
import Engine
import Foundation
import HTTPTypes
import Hummingbird

/// The music library over HTTP (`/api/music`, docs/composition.md), for the composition lab's editor: the
/// whole library, edits applied all or none, undo and redo. Every refusal is a 4xx with `{"error": "…"}` and
/// changes nothing; every change is heard on `/live` as `{"type": "music", "revision": n}`, and what the transport plays is laid
/// out again at once.
enum MusicRoutes {
    /// The most edits one request applies.
    static let maximumEdits = 256

    static func add<C: Clock>(to router: Router<LiveRequestContext>, session: LiveSession<C>) where C.Duration == Duration {
        @Sendable func respond(_ body: (LiveMusic<C>) async throws -> MusicAnswer) async -> Response {
            do {
                guard let music = session.music else { throw LiveError(.unavailable, "this instrument has no music library") }
                return APIAnswer.response(.ok, try await body(music))
            } catch {
                return LibraryRoutes.failure(error)
            }
        }

        let api = router.group("/api/music")
        api.get("") { _, _ in
            await respond { music in
                var answer = try MusicAnswer(music)
                answer.damaged = try session.repairs?.damage().filter { !$0.isChordset } ?? []
                return answer
            }
        }
        api.post("/edits") { request, _ in
            await respond { music in
                guard let body = try await LibraryRoutes.decode(EditsBody.self, from: request) else {
                    throw LiveError(.invalid, "send the edits: {\"edits\": [{\"type\": \"addPart\", \"name\": \"Verse\", \"beats\": 8}, …]}")
                }
                guard body.edits.count <= maximumEdits else {
                    throw LiveError(.invalid, "at most \(maximumEdits) edits at once; this sends \(body.edits.count)")
                }
                let results = try music.apply(body.edits)
                await session.transport?.reload()  // what plays is heard as it now stands
                var answer = try MusicAnswer(music)
                answer.results = results
                return answer
            }
        }
        api.post("/undo") { _, _ in
            await respond { music in
                try music.undo()
                await session.transport?.reload()
                return try MusicAnswer(music)
            }
        }
        api.post("/redo") { _, _ in
            await respond { music in
                try music.redo()
                await session.transport?.reload()
                return try MusicAnswer(music)
            }
        }
    }

    private struct EditsBody: Decodable { let edits: [MusicEdit] }

    /// The library as its records, with what an editor works out from them: how long each part lasts, the
    /// roots; and, as asked, the damaged records and the edits' results.
    struct MusicAnswer: Encodable {
        let revision: Int
        let canUndo: Bool
        let canRedo: Bool
        let library: MusicLibraryContents
        let durations: [String: Double]
        let rootParts: [Int64]
        let rootVoices: [Int64]
        var damaged: [DamagedRecord]?
        var results: [MusicEditResult]?

        init<C: Clock>(_ music: LiveMusic<C>) throws where C.Duration == Duration {
            let (library, revision, canUndo, canRedo) = try music.library()
            (self.revision, self.canUndo, self.canRedo) = (revision, canUndo, canRedo)
            self.library = library.contents
            durations = Dictionary(uniqueKeysWithValues: library.durations.map { (String($0.key.rawValue), $0.value) })
            rootParts = library.rootParts.map(\.rawValue)
            rootVoices = library.rootVoices.map(\.rawValue)
        }
    }
}
