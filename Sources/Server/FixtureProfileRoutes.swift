import Engine
import Fixtures
import Foundation
import Hummingbird

/// The fixture profiles over HTTP (docs/fixtures.md): `GET /api/fixture-profiles?search=TEXT&type=TYPE&offset=N&limit=N`
/// lists those whose manufacturer and model hold every word of the search (manufacturer, model, type, and
/// each mode with its channel count; a page at a time, with the total); `GET
/// /api/fixture-profiles/{manufacturer}/{model}` gives one whole, each channel with the role the instrument
/// drives it by; `POST /api/fixture-profiles` with a `.qxf` as the body keeps it in the user's folder.
enum FixtureProfileRoutes {
    static func add<C: Clock>(to router: Router<LiveRequestContext>, session: LiveSession<C>) where C.Duration == Duration {
        @Sendable func fixtures() throws -> LiveFixtures {
            guard let fixtures = session.fixtures else { throw LiveError(.unavailable, "this instrument has no fixtures") }
            return fixtures
        }
        let api = router.group("/api/fixture-profiles")
        api.get("") { request, _ in
            do {
                let query = request.uri.queryParameters
                let offset = try number(query["offset"].map(String.init), named: "offset", otherwise: 0, in: 0...1_000_000)
                let limit = try number(query["limit"].map(String.init), named: "limit", otherwise: 50, in: 1...500)
                let known = try fixtures().knownProfiles
                // A form's query writes a space as "+".
                let words = String(query["search"] ?? "").replacingOccurrences(of: "+", with: " ").prefix(200)
                let type = query["type"].map { String($0).replacingOccurrences(of: "+", with: " ") }
                let found = known.catalog.search(String(words), type: type, offset: offset, limit: limit)
                return APIAnswer.response(.ok, Listing(
                    profiles: found.found.map(Summary.init), total: found.total, offset: offset, problems: known.problems.count))
            } catch {
                return LibraryRoutes.failure(error)
            }
        }
        api.get("/:manufacturer/:model") { _, context in
            do {
                guard let manufacturer = context.parameters.get("manufacturer")?.removingPercentEncoding,
                      let model = context.parameters.get("model")?.removingPercentEncoding else {
                    throw APIRefusal(.badRequest, "name a profile by its manufacturer and model: /api/fixture-profiles/Chauvet/SlimPAR%2056")
                }
                guard let profile = try fixtures().knownProfiles.catalog.profile(manufacturer: manufacturer, model: model) else {
                    throw LiveError(.notFound, "there is no fixture profile “\(manufacturer.prefix(80)) \(model.prefix(80))”")
                }
                return APIAnswer.response(.ok, Whole(profile))
            } catch {
                return LibraryRoutes.failure(error)
            }
        }
        api.post("") { request, _ in
            do {
                let data = try await LibraryRoutes.body(of: request, upTo: FixtureProfile.maximumDefinitionBytes)
                guard !data.isEmpty else { throw APIRefusal(.badRequest, "send a fixture definition (a QLC+ .qxf file) as the body") }
                let profile = try fixtures().importProfile(data)
                return APIAnswer.response(.created, Whole(profile))
            } catch {
                return LibraryRoutes.failure(error)
            }
        }
    }

    /// A query's number, or a refusal naming it.
    private static func number(_ text: String?, named name: String, otherwise fallback: Int, in range: ClosedRange<Int>) throws -> Int {
        guard let text else { return fallback }
        guard let value = Int(text), range.contains(value) else {
            throw APIRefusal(.badRequest, "\(name) is a whole number from \(range.lowerBound) to \(range.upperBound), not “\(text.prefix(40))”")
        }
        return value
    }

    struct Listing: Encodable {
        let profiles: [Summary]
        let total: Int
        let offset: Int
        /// How many definitions could not be read (said in the server's log).
        let problems: Int
    }

    /// A profile in a list: who made it, what it is, its modes and their channel counts.
    struct Summary: Encodable {
        let manufacturer: String
        let model: String
        let type: String
        let modes: [Mode]

        struct Mode: Encodable {
            let name: String
            let channels: Int
            let heads: Int
        }

        init(_ profile: FixtureProfile) {
            manufacturer = profile.manufacturer
            model = profile.model
            type = profile.type
            modes = profile.modes.map { Mode(name: $0.name, channels: $0.channels.count, heads: $0.heads.count) }
        }
    }

    /// A profile whole: every mode with its channels in order, each with what it is and how it is driven.
    struct Whole: Encodable {
        let manufacturer: String
        let model: String
        let type: String
        let panDegrees: Double
        let tiltDegrees: Double
        let drivenFromTheStage: Bool
        let modes: [Mode]

        struct Mode: Encodable {
            let name: String
            let heads: [[Int]]
            let channels: [Channel]
        }

        struct Channel: Encodable {
            let name: String
            let role: String
            let preset: String?
            let group: String?
            let capabilities: [ChannelCapability]
        }

        init(_ profile: FixtureProfile) {
            manufacturer = profile.manufacturer
            model = profile.model
            type = profile.type
            panDegrees = profile.panDegrees
            tiltDegrees = profile.tiltDegrees
            drivenFromTheStage = !ProfiledChannels.neverDriven.contains(profile.type)
            modes = profile.modes.compactMap { mode in
                guard let laid = profile.mode(named: mode.name) else { return nil }
                let roles = ProfiledChannels(laid).roles
                return Mode(name: mode.name, heads: mode.heads, channels: zip(laid.channels, roles).map { channel, role in
                    Channel(name: channel.name, role: role.label, preset: channel.preset, group: channel.group, capabilities: channel.capabilities)
                })
            }
        }
    }
}
