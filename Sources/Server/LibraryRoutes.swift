import Engine
import Foundation
import HTTPTypes
import Hummingbird
import UserText
import Instrument

/// The chordset library and the console's preferences over HTTP (`/api/`, docs/library-api.md): each route
/// decodes its request, calls one of `LiveLibrary`'s use cases, and encodes what comes back. Every refusal
/// is a 4xx with `{"error": "…"}` and changes nothing.
enum LibraryRoutes {
    /// The largest JSON body taken, and the largest chordset file.
    static let maximumBody = 64 * 1024
    static let maximumImport = 16 << 20

    static func add<C: Clock>(to router: Router<LiveRequestContext>, session: LiveSession<C>, configuration: ServerConfiguration, listening: ListeningPort)
    where C.Duration == Duration {
        let api = router.group("/api")
        addChordsets(to: api, session: session)
        addChordsetFiles(to: api, session: session)
        addPreferences(to: api, session: session)
        addPairingAndForms(to: api, configuration: configuration, listening: listening)
        // Any other address under /api/ is not one: said in the same shape as every other refusal.
        api.on("/**", method: .get) { request, _ in
            APIAnswer.response(.notFound, APIAnswer.Refusal(error: "there is no \(request.uri.path) in the library's API (docs/library-api.md)"))
        }
    }

    /// Answers with what `body` makes of the library, or with the refusal, as every library route does.
    private static func respond<C: Clock, Answer: Encodable & SendableMetatype>(
        _ session: LiveSession<C>, status: HTTPResponse.Status = .ok, _ body: (LiveLibrary<C>) async throws -> Answer
    ) async -> Response where C.Duration == Duration {
        do {
            guard let library = session.library else { throw noLibrary }
            return APIAnswer.response(status, try await body(library))
        } catch {
            return failure(error)
        }
    }

    /// The chordset list: listed, added, renamed and moved, duplicated, deleted and restored, its chords moved,
    /// played.
    private static func addChordsets<C: Clock>(to api: RouterGroup<LiveRequestContext>, session: LiveSession<C>) where C.Duration == Duration {
        let listings = ListingCache()
        api.get("/chordsets") { request, _ in
            do {
                guard let library = session.library else { throw noLibrary }
                // The list depends on the library's revision and on the chordset playing.
                let version = "\(library.instrument.libraryRevision)-\(await session.engine.snapshot().chordset.id.uuidString.prefix(8))"
                return try await listings.response(to: request, version: version) {
                    LibraryAnswers.Listing(try await library.listing(), damaged: try session.repairs?.damage(music: false) ?? [])
                }
            } catch {
                return failure(error)
            }
        }
        api.post("/chordsets") { request, _ in
            await respond(session, status: .created) { library in
                let body = try await decode(TitleBody.self, from: request)
                return LibraryAnswers.One(try await library.add(title: body?.title ?? "New chordset"))
            }
        }
        api.patch("/chordsets/{id}") { request, context in
            await respond(session) { library in
                let id = try chordsetID(context)
                guard let body = try await decode(ChordsetChanges.self, from: request), body.title != nil || body.number != nil else {
                    throw LiveError(.invalid, "say what to change: {\"title\": \"…\"} and/or {\"number\": n}")
                }
                // Both changes are checked before either is made: a refused place leaves the title as it was.
                if let number = body.number, number < 1 {
                    throw LiveError(.invalid, "places in the list are numbered from 1; \(number) is not one")
                }
                var changed: ChordsetListing.ListedChordset?
                if let title = body.title { changed = try await library.rename(id, to: title) }
                if let number = body.number { changed = try await library.move(id, toNumber: number) }
                return LibraryAnswers.One(changed)
            }
        }
        api.post("/chordsets/{id}/duplicate") { _, context in
            await respond(session, status: .created) { library in LibraryAnswers.One(try await library.duplicate(try chordsetID(context))) }
        }
        api.delete("/chordsets/{id}") { _, context in
            await respond(session) { library in
                let id = try chordsetID(context)
                return LibraryAnswers.Deleted(deleted: id, undoSeconds: try await library.delete(id))
            }
        }
        api.post("/chordsets/{id}/restore") { _, context in
            await respond(session) { library in LibraryAnswers.One(try await library.restore(try chordsetID(context))) }
        }
        api.post("/chordsets/{id}/chords/move") { request, context in
            await respond(session) { library in
                let id = try chordsetID(context)
                guard let body = try await decode(ChordMove.self, from: request) else {
                    throw LiveError(.invalid, "say which chord goes where: {\"from\": 1, \"to\": 8}")
                }
                return LibraryAnswers.One(try await library.moveChord(from: body.from, to: body.to, in: id))
            }
        }
        api.post("/chordsets/{id}/play") { _, context in
            await respond(session) { library in
                try await library.play(try chordsetID(context))
                return APIAnswer.Nothing()
            }
        }
    }

    /// Chordsets as files and pictures: exported, imported, their thumbnails, the factory ones brought back.
    private static func addChordsetFiles<C: Clock>(to api: RouterGroup<LiveRequestContext>, session: LiveSession<C>) where C.Duration == Duration {
        api.get("/chordsets/{id}/export") { _, context in
            do {
                guard let library = session.library else { throw noLibrary }
                let (title, file) = try library.export(try chordsetID(context))
                return Response(
                    status: .ok,
                    headers: [
                        .contentType: "application/json", .contentDisposition: "attachment; filename=\"\(fileName(for: title)).json\"",
                        .cacheControl: "no-store",
                    ],
                    body: ResponseBody(byteBuffer: ByteBuffer(bytes: file)))
            } catch {
                return failure(error)
            }
        }
        api.post("/chordsets/import") { request, _ in
            await respond(session, status: .created) { library in
                let data = try await body(of: request, upTo: maximumImport)
                return LibraryAnswers.Imported(imported: try await library.importFile(data).map(LibraryAnswers.Chordset.init))
            }
        }
        api.get("/chordsets/{id}/thumbnails.png") { _, context in
            do {
                guard let library = session.library else { throw noLibrary }
                guard let png = try library.thumbnails(of: try chordsetID(context)) else {
                    throw LiveError(.notFound, "these thumbnails are not drawn yet: the list names them when they are")
                }
                // The list names the thumbnails with their version: the same address is always the same picture.
                return Response(
                    status: .ok, headers: [.contentType: "image/png", .cacheControl: "private, max-age=31536000, immutable"],
                    body: ResponseBody(byteBuffer: ByteBuffer(bytes: png)))
            } catch {
                return failure(error)
            }
        }
        api.post("/factory-chordsets") { _, _ in
            await respond(session) { library in LibraryAnswers.Restored(restored: try await library.restoreFactoryChordsets()) }
        }
    }

    /// The console's preferences, read and changed (OSC out and DMX targets followed at once).
    private static func addPreferences<C: Clock>(to api: RouterGroup<LiveRequestContext>, session: LiveSession<C>) where C.Duration == Duration {
        api.get("/preferences") { _, _ in
            await respond(session) { library in try library.preferences() }
        }
        api.patch("/preferences") { request, _ in
            await respond(session) { library in
                guard let changes = try await decode(ConsolePreferences.Changes.self, from: request), !changes.isEmpty else {
                    throw LiveError(.invalid, "say which preferences to change: panels, tempo, outputSize, midiMappings, oscOut, dmx")
                }
                let preferences = try await library.setPreferences(changes)
                if changes.oscOut != nil, let followers = session.followers {
                    try await followers.follow(kept: preferences.oscOut)
                }
                if changes.dmx != nil { session.fixtures?.follow(kept: preferences.dmx) }
                return preferences
            }
        }
    }

    /// The pairing address for a tablet, and the outlines of forms.
    private static func addPairingAndForms(to api: RouterGroup<LiveRequestContext>, configuration: ServerConfiguration, listening: ListeningPort) {
        api.get("/pairing") { request, _ in
            let pairing = Pairing(configuration: configuration, port: listening.port, askedHost: request.head.authority)
            return APIAnswer.response(.ok, LibraryAnswers.PairingAnswer(lan: pairing.isLAN, canvas: pairing.canvasAddress, qr: pairing.qrSVG))
        }
        api.post("/forms/outline") { request, _ in
            do {
                guard let body = try await decode(FormsBody.self, from: request) else {
                    throw LiveError(.invalid, "send the forms to outline: {\"forms\": [{\"kind\": \"circle\"}, …]}")
                }
                guard (1...64).contains(body.forms.count) else {
                    throw LiveError(.invalid, "outline 1 to 64 forms at a time; this asks for \(body.forms.count)")
                }
                for form in body.forms {
                    do throws(InstrumentError) { try form.validate() } catch { throw LiveError.refused(error) }
                }
                let outlines = body.forms.map { FormGeometry(index: 0, form: $0) }
                return APIAnswer.response(.ok, FormsAnswer(forms: outlines.map(FormsAnswer.Outline.init)))
            } catch {
                return failure(error)
            }
        }
    }

    // MARK: - Requests

    private struct TitleBody: Decodable { let title: String? }
    private struct ChordsetChanges: Decodable {
        let title: String?
        let number: Int?
    }
    private struct ChordMove: Decodable {
        let from: Int
        let to: Int
    }
    private struct FormsBody: Decodable { let forms: [Form] }
    private struct FormsAnswer: Encodable {
        struct Outline: Encodable {
            let form: Form
            let strokeOnly: Bool
            let contours: [FormGeometry.Contour]
            init(_ geometry: FormGeometry) {
                form = geometry.form
                strokeOnly = geometry.strokeOnly
                contours = geometry.contours
            }
        }
        let forms: [Outline]
    }

    private static let noLibrary = LiveError(.unavailable, "this instrument has no chordset library")

    private static func chordsetID(_ context: LiveRequestContext) throws -> UUID {
        guard let text = context.parameters.get("id"), let id = UUID(uuidString: text) else {
            throw LiveError(.notFound, "a chordset is named by its id (a UUID, as GET /api/chordsets lists them)")
        }
        return id
    }

    /// The request's body, refused past `limit` bytes.
    static func body(of request: Request, upTo limit: Int) async throws -> Data {
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > limit {
            throw APIRefusal(.contentTooLarge, "the body is \(length) bytes; this address takes at most \(limit)")
        }
        do {
            return Data(buffer: try await request.body.collect(upTo: limit))
        } catch {
            throw APIRefusal(.contentTooLarge, "the body is larger than \(limit) bytes, or could not be read whole")
        }
    }

    /// The request's JSON body as `T`; nil for an empty body, for the route to say what it needs.
    static func decode<T: Decodable>(_ type: T.Type, from request: Request) async throws -> T? {
        let data = try await body(of: request, upTo: maximumBody)
        if data.isEmpty { return nil }
        if let contentType = request.headers[.contentType], !contentType.lowercased().hasPrefix("application/json") {
            throw APIRefusal(.unsupportedMediaType, "send JSON (Content-Type: application/json), not \(contentType)")
        }
        guard !JSONNesting.exceeds(LiveMessages.maximumNesting, in: data) else {
            throw APIRefusal(.badRequest, "the body is nested more than \(LiveMessages.maximumNesting) deep")
        }
        do {
            return try JSONDecoder().decode(T.self, from: data)
        } catch let error as DecodingError {
            throw APIRefusal(.badRequest, "the body is not what this address takes: \(DecodingProblem(error))")
        } catch {
            throw APIRefusal(.badRequest, "the body is not what this address takes: \(error)")
        }
    }

    // MARK: - Answers

    /// The refusal or failure as a status and one line for a person.
    static func failure(_ error: any Error) -> Response {
        switch error {
        case let refusal as APIRefusal: return APIAnswer.response(refusal.status, APIAnswer.Refusal(error: refusal.message))
        case let error as LiveError:
            let status: HTTPResponse.Status =
                switch error.code {
                case .notFound: .notFound
                case .full: .conflict
                case .invalid, .refused, .endOfList: .badRequest
                case .unavailable: .serviceUnavailable
                default: .internalServerError
                }
            if status == .internalServerError { APIAnswer.logger.error("\(error.message)") }
            return APIAnswer.response(status, APIAnswer.Refusal(error: error.message))
        default:
            APIAnswer.logger.error("the library could not do it: \(error)")
            return APIAnswer.response(.internalServerError, APIAnswer.Refusal(error: "the library could not do it"))
        }
    }

    /// A name for a downloaded file: the title's letters, digits, spaces, dashes and underscores.
    static func fileName(for title: String) -> String { UserText.fileName(for: title, otherwise: "chordset") }
}

/// A request refused before it reached the library, with the status that says why.
struct APIRefusal: Error {
    let status: HTTPResponse.Status
    let message: String
    init(_ status: HTTPResponse.Status, _ message: String) {
        self.status = status
        self.message = message
    }
}
