import Engine
import Fixtures
import Hummingbird

/// The fixture patch and its controls over HTTP (docs/fixtures.md): `GET /api/fixtures` says the patch, the
/// universes it fills, the master, blackout and test, and what could not be read; `PUT /api/fixtures` with
/// `{"fixtures": […]}` replaces the patch, checked whole (the first clash named, nothing changed) and told to
/// every client — a GET gives the patch's revision as its ETag, a PUT may carry it in `If-Match`, and one made
/// from a stale revision is answered 409 with the patch as it now is (`RevisionHeaders`); `PATCH
/// /api/fixtures` with `{"master": 0…1, "blackout": true|false, "allowStrobe": true|false, "firing": [NAME…],
/// "fire": NAME, "on": true|false, "aiming": {"fixture": NAME, "pan": DEGREES, "tilt": DEGREES} | null}` changes
/// any of them (`firing` the whole set fired, `fire` one fixture of it); `POST /api/fixtures/test` with `{"mode":
/// "white" | "black" | "identify" | "off", "fixture": NAME?}` checks the rig; `GET /api/fixtures/dmx` gives the
/// frames sent last (the DMX monitor).
enum FixtureRoutes {
    static func add<C: Clock>(to router: Router<LiveRequestContext>, session: LiveSession<C>) where C.Duration == Duration {
        @Sendable func fixtures() throws -> LiveFixtures {
            guard let fixtures = session.fixtures else { throw LiveError(.unavailable, "this instrument has no fixtures") }
            return fixtures
        }
        /// The patch as it is after `body`, with its revision as the ETag; a change made from a stale
        /// revision 409 with the patch as it now is.
        @Sendable func answer(_ body: () async throws -> Void) async -> Response {
            do {
                try await body()
                let answer = Answer(try fixtures())
                return APIAnswer.response(.ok, answer, headers: RevisionHeaders.eTag(answer.revision))
            } catch let stale as StaleRevision {
                // Cannot fail: the stale change came from the patch.
                return RevisionHeaders.conflict(stale, whatWasNotChanged: "the fixture patch was not changed", current: try? Answer(fixtures()))
            } catch {
                return LibraryRoutes.failure(error)
            }
        }

        let api = router.group("/api/fixtures")
        api.get("") { _, _ in await answer {} }
        api.put("") { request, _ in
            await answer {
                let expected = try RevisionHeaders.expected(in: request)
                let body = try await decoded(PatchBody.self, from: request, otherwise: #"send the whole patch: {"fixtures": [{"name": "Par", "universe": 1, "address": 1, "kind": "rgb", "point": {"x": 0.5, "y": 0.5}}]}"#)
                // Told to every client in the order the patches were kept: the consoles' panels follow.
                _ = try fixtures().setPatch(body.fixtures, from: expected) { session.hub.broadcast(LiveMessages.fixturePatch($0)) }
            }
        }
        api.patch("") { request, _ in
            await answer {
                let body = try await decoded(ControlsBody.self, from: request, otherwise: #"say what to change: {"master": 0.8} or {"blackout": true}"#)
                let change = FixtureControlsChange(
                    master: body.master, blackout: body.blackout, allowStrobe: body.allowStrobe, firing: body.firing,
                    fire: body.fire.flatMap { name in body.on.map { FixtureControlsChange.Fired(name: name, on: $0) } }, aiming: body.aiming.map(\.hand))
                guard !change.isEmpty || body.fire != nil else {
                    throw APIRefusal(.badRequest, "say what to change: master (0…1), blackout, allowStrobe, firing, fire or aiming")
                }
                guard (body.fire == nil) == (body.on == nil) else { throw APIRefusal(.badRequest, #"a fixture fired says "on": true or false"#) }
                _ = try session.changeFixtureControls(change)
            }
        }
        api.get("/dmx") { _, _ in
            do {
                let sent = try fixtures().framesSentLast
                let universes = sent.sorted { $0.key < $1.key }.map { Monitor.Universe(universe: $0.key, levels: $0.value.levels.map(Int.init)) }
                return APIAnswer.response(.ok, Monitor(universes: universes))
            } catch {
                return LibraryRoutes.failure(error)
            }
        }
        api.post("/test") { request, _ in
            await answer {
                let body = try await decoded(TestBody.self, from: request, otherwise: #"say which test: {"mode": "white"}, "black", "identify" or "off", with "fixture": NAME for one"#)
                let test: FixtureTest?
                switch body.mode {
                case "off": test = nil
                case let mode:
                    guard let mode = FixtureTest.Mode(rawValue: mode) else {
                        throw APIRefusal(.badRequest, "a test's mode is white, black, identify or off; not “\(body.mode.prefix(40))”")
                    }
                    test = FixtureTest(mode, fixture: body.fixture)
                }
                _ = try session.changeFixtureControls { $0.test = test }
            }
        }
    }

    /// The body `request` carries, or a refusal saying what to send.
    private static func decoded<T: Decodable & Sendable>(_ type: T.Type, from request: Request, otherwise example: String) async throws -> T {
        guard let body = try await LibraryRoutes.decode(T.self, from: request) else { throw APIRefusal(.badRequest, example) }
        return body
    }

    struct PatchBody: Decodable { let fixtures: [Fixture] }
    struct ControlsBody: Decodable {
        let master: Double?
        let blackout: Bool?
        let allowStrobe: Bool?
        let firing: [String]?
        /// One fixture fired (`on`) or let go, whatever else is fired.
        let fire: String?
        let on: Bool?
        /// A head aimed by hand (`{"fixture", "pan", "tilt"}`), or none any more (`null`); nil when not said.
        let aiming: Aiming?

        struct Aiming: Decodable {
            let hand: HandAim?
            init(from decoder: any Decoder) throws {
                hand = try decoder.singleValueContainer().decodeNil() ? nil : try HandAim(from: decoder)
            }
        }

        enum CodingKeys: String, CodingKey { case master, blackout, allowStrobe, firing, fire, on, aiming }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            master = try container.decodeIfPresent(Double.self, forKey: .master)
            blackout = try container.decodeIfPresent(Bool.self, forKey: .blackout)
            allowStrobe = try container.decodeIfPresent(Bool.self, forKey: .allowStrobe)
            firing = try container.decodeIfPresent([String].self, forKey: .firing)
            fire = try container.decodeIfPresent(String.self, forKey: .fire)
            on = try container.decodeIfPresent(Bool.self, forKey: .on)
            aiming = container.contains(.aiming) ? try container.decode(Aiming.self, forKey: .aiming) : nil
        }
    }
    struct TestBody: Decodable {
        let mode: String
        let fixture: String?
    }

    /// The frames sent last, a universe each: its 512 levels.
    struct Monitor: Encodable {
        let universes: [Universe]

        struct Universe: Encodable {
            let universe: Int
            let levels: [Int]
        }
    }

    /// The patch as the API says it.
    struct Answer: Encodable {
        let revision: Int
        let fixtures: [Fixture]
        let universes: [Int]
        /// Each fixture's channels, in order: its name and what the instrument does with it (for a profiled one;
        /// a generic kind's are its colours).
        let channels: [[Channel]]
        let master: Double
        let blackout: Bool
        let allowStrobe: Bool
        let firing: [String]
        let aiming: HandAim?
        let test: Test?
        let targets: [String]
        let rate: Int
        let problems: [String]

        struct Test: Encodable {
            let mode: String
            let fixture: String?
        }

        struct Channel: Encodable {
            let name: String
            let role: String
        }

        init(_ live: LiveFixtures) {
            let patch = live.revisedPatch
            let controls = live.now.controls
            revision = patch.revision
            fixtures = patch.patch.fixtures
            channels = zip(patch.patch.fixtures, patch.patch.channels).map { fixture, profiled in
                guard let profiled else { return GenericProfiles.profile(fixture.kind).channels.map { Channel(name: $0.name, role: ChannelRole(of: $0).label) } }
                return zip(profiled.profile.channels, profiled.roles).map { Channel(name: $0.name, role: $1.label) }
            }
            universes = patch.patch.universes
            master = controls.master
            blackout = controls.blackout
            allowStrobe = controls.allowStrobe
            firing = controls.firing.sorted()
            aiming = controls.aiming
            test = controls.test.map { Test(mode: $0.mode.rawValue, fixture: $0.fixture) }
            targets = live.targets.map(\.description)
            rate = live.rate
            problems = patch.problems
        }
    }
}
