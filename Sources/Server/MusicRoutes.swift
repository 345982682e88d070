import Composition
import Engine
import Foundation
import HTTPTypes
import Hummingbird
import Synchronization

/// The music library over HTTP (`/api/music`, docs/composition.md), for the composition lab's editor: the
/// whole library, edits applied all or none, undo and redo. Every refusal is a 4xx with `{"error": "…"}` and
/// changes nothing; every change is heard on `/live` as `{"type": "music", "revision": n}`, and what the transport plays is laid
/// out again at once.
enum MusicRoutes {
    /// The most edits one request applies.
    static let maximumEdits = 256

    static func add<C: Clock>(to router: Router<LiveRequestContext>, session: LiveSession<C>) where C.Duration == Duration {
        let written = MusicAnswerCache()
        /// The library as it now stands, with `extra` fields (the damaged records, the edits' results).
        @Sendable func respond(
            _ status: HTTPResponse.Status = .ok, _ body: (LiveMusic<C>) async throws -> [String: any Encodable & Sendable]
        ) async -> Response {
            do {
                guard let music = session.music else { throw LiveError(.unavailable, "this instrument has no music library") }
                let extra = try await body(music)
                let (library, revision, canUndo, canRedo) = try music.library()
                let answer = try written.bytes(MusicAnswer(library: library, revision: revision, canUndo: canUndo, canRedo: canRedo))
                return APIAnswer.response(status, bytes: try APIAnswer.adding(extra, to: answer))
            } catch {
                return LibraryRoutes.failure(error)
            }
        }

        let api = router.group("/api/music")
        api.get("") { _, _ in
            await respond { _ in ["damaged": try session.repairs?.damage(chordsets: false) ?? []] }
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
                return ["results": results]
            }
        }
        api.post("/undo") { _, _ in
            await respond { music in
                try music.undo()
                await session.transport?.reload()
                return [:]
            }
        }
        api.post("/redo") { _, _ in
            await respond { music in
                try music.redo()
                await session.transport?.reload()
                return [:]
            }
        }
        addSounds(to: api, session: session, respond: respond)
        addHearing(to: api, session: session)
    }

    private struct EditsBody: Decodable { let edits: [MusicEdit] }

    /// The library as its records, with what an editor works out from them: how long each part lasts, the
    /// roots.
    struct MusicAnswer: Encodable, Equatable {
        let revision: Int
        let canUndo: Bool
        let canRedo: Bool
        let library: MusicLibraryContents
        let durations: [String: Double]
        let rootParts: [Int64]
        let rootVoices: [Int64]

        init(library: MusicLibrary, revision: Int, canUndo: Bool, canRedo: Bool) {
            (self.revision, self.canUndo, self.canRedo) = (revision, canUndo, canRedo)
            self.library = library.contents
            durations = Dictionary(uniqueKeysWithValues: library.durations.map { (String($0.key.rawValue), $0.value) })
            rootParts = library.rootParts.map(\.rawValue)
            rootVoices = library.rootVoices.map(\.rawValue)
        }
    }
}

/// The music library's answer written once while it stays the same: every lab asks for it after each
/// change, and a large library takes a while to write.
final class MusicAnswerCache: Sendable {
    private let kept = Mutex<(answer: MusicRoutes.MusicAnswer, bytes: [UInt8])?>(nil)

    func bytes(_ answer: MusicRoutes.MusicAnswer) throws -> [UInt8] {
        if let bytes = kept.withLock({ $0?.answer == answer ? $0?.bytes : nil }) { return bytes }
        let bytes = try APIAnswer.encoded(answer)
        kept.withLock { $0 = (answer, bytes) }
        return bytes
    }
}
