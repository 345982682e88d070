import Engine
import Hummingbird

/// What the instrument listens to, over HTTP (docs/listening.md): `GET /api/listening` says the source, the
/// capture devices there are and any problem; `POST /api/listening` with `{"source": "default" | "none" |
/// DEVICE}` listens to another. A file can be listened to only from the command line (`--listen FILE`): a
/// client on the network never names the server's files.
enum ListeningRoutes {
    static func add<C: Clock>(to router: Router<LiveRequestContext>, session: LiveSession<C>) where C.Duration == Duration {
        @Sendable func listening() throws -> LiveListening<C> {
            guard let listening = session.listening else { throw LiveError(.unavailable, "this instrument cannot listen") }
            return listening
        }
        @Sendable func answer(_ body: () async throws -> ListeningStatus) async -> Response {
            do {
                let status = try await body()
                return APIAnswer.response(.ok, Answer(source: status.source, hearing: status.hearing, problem: status.problem, devices: session.listeningDevices()))
            } catch {
                return LibraryRoutes.failure(error)
            }
        }

        let api = router.group("/api/listening")
        api.get("") { _, _ in await answer { try listening().status } }
        api.post("") { request, _ in
            await answer {
                guard let body = try await LibraryRoutes.decode(Body.self, from: request) else {
                    throw APIRefusal(.badRequest, "say what to listen to: {\"source\": \"default\"}, \"none\" or a device's name")
                }
                let devices = session.listeningDevices()
                let source: ListeningSource
                switch body.source {
                case "none": source = .none
                case "default": source = .defaultInput
                case let name where devices.contains(name): source = .device(name)
                default:
                    throw APIRefusal(.badRequest, "there is no input called “\(body.source)”; there are: \(devices.isEmpty ? "none" : devices.joined(separator: ", "))")
                }
                return try listening().listen(to: source)
            }
        }
    }

    struct Body: Decodable { let source: String }

    struct Answer: Encodable {
        let source: String
        let hearing: Bool
        let problem: String?
        let devices: [String]

        private enum Key: String, CodingKey { case source, hearing, problem, devices }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Key.self)
            try c.encode(source, forKey: .source)
            try c.encode(hearing, forKey: .hearing)
            try c.encode(problem, forKey: .problem)
            try c.encode(devices, forKey: .devices)
        }
    }
}
