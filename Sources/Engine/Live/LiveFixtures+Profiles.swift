import Fixtures
import Foundation
import Synchronization

/// The fixture profiles the instrument knows, as the fixtures' use case keeps them: the generic five at once,
/// every definition on the machine once it has been read (in the background, at start), and those imported.
struct KnownProfiles: Sendable {
    var catalog = FixtureProfileCatalog()
    /// Whether the definitions on the machine have been read.
    var loaded = false
    /// What of them could not be read, a line each.
    var problems: [String] = []
}

extension LiveFixtures {
    /// Reads every definition the profile shelf has (blocking: run it in the background; the patch plays
    /// meanwhile, its fixtures' modes kept with it). The lines said of what could not be read.
    @discardableResult
    public func loadProfiles() -> [String] {
        guard let profileShelf else {
            profiles.withLock { $0.loaded = true }
            return []
        }
        let read = profileShelf.readAll()
        let catalog = FixtureProfileCatalog(read.profiles)
        profiles.withLock { known in
            // Those imported while the definitions were read stay (they are the newest).
            var merged = catalog
            for imported in known.catalog.profiles where imported.manufacturer != "Generic" { merged.add(imported) }
            known = KnownProfiles(catalog: merged, loaded: true, problems: read.problems)
        }
        return read.problems
    }

    /// The profiles known now: the catalogue, whether the definitions have all been read, and what was refused.
    public var knownProfiles: (catalog: FixtureProfileCatalog, loaded: Bool, problems: [String]) {
        profiles.withLock { ($0.catalog, $0.loaded, $0.problems) }
    }

    /// Keeps an imported definition (blocking: on the library's pool) and knows its profile from now on.
    public func importProfile(_ definition: Data) throws(LiveError) -> FixtureProfile {
        guard let profileShelf else { throw LiveError(.unavailable, "this instrument keeps no fixture definitions") }
        let profile = try profileShelf.keep(definition)
        profiles.withLock { $0.catalog.add(profile) }
        return profile
    }

    /// `fixtures` with each profile they name laid out from the profiles known — a mode the patch already kept
    /// whole stays as kept when its profile is no longer on the machine; one named and not known is refused.
    func resolveProfiles(of fixtures: [Fixture]) throws(LiveError) -> [Fixture] {
        let known = knownProfiles
        var resolved = fixtures
        for index in resolved.indices {
            guard let named = resolved[index].profile else { continue }
            if let found = known.catalog.resolve(named) {
                resolved[index].profile = found
            } else if named.channels.isEmpty {
                let what = "fixture “\(fixtures[index].name)”"
                guard known.loaded else {
                    throw LiveError(.unavailable, "\(what): the fixture definitions are still being read; try again in a moment")
                }
                guard let profile = known.catalog.profile(manufacturer: named.manufacturer, model: named.model) else {
                    throw LiveError(.invalid, "\(what): there is no fixture profile “\(named.manufacturer) \(named.model)”")
                }
                let modes = profile.modes.map { "“\($0.name)”" }.joined(separator: ", ")
                throw LiveError(.invalid, "\(what): “\(named.manufacturer) \(named.model)” has no mode “\(named.mode)” (its modes: \(modes))")
            }
        }
        return resolved
    }
}
