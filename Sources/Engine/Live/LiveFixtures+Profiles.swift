import Fixtures
import Foundation
import Synchronization

/// The fixture profiles the instrument knows, as the fixtures' use case keeps them: the generic five at once,
/// every definition on the machine once it has been read (when first asked for), and those imported.
struct KnownProfiles: Sendable {
    var catalog = FixtureProfileCatalog()
    /// Whether the definitions on the machine have been read.
    var loaded = false
    /// What of them could not be read, a line each.
    var problems: [String] = []
}

extension LiveFixtures {
    /// Reads every definition the profile shelf has, once (blocking, on the library's pool: a second caller
    /// waits for the first's reading). Read when first asked for — a search, a profile, a patch naming one —
    /// not at start: a show that plays a patch already made never pays for it (each fixture's mode is kept with
    /// the patch). What could not be read is said, a line each.
    func loadProfilesOnce() {
        guard !profiles.withLock({ $0.loaded }) else { return }
        profileLoading.withLock { _ in
            guard !profiles.withLock({ $0.loaded }) else { return }
            let read = profileShelf?.readAll() ?? (profiles: [], problems: [])
            let catalog = FixtureProfileCatalog(read.profiles)
            profiles.withLock { known in
                // Those imported meanwhile stay (they are the newest).
                var merged = catalog
                for imported in known.catalog.profiles where imported.manufacturer != "Generic" { merged.add(imported) }
                known = KnownProfiles(catalog: merged, loaded: true, problems: read.problems)
            }
            for problem in read.problems { said(problem) }
        }
    }

    /// The profiles known, every definition read first (blocking, the first time): the catalogue, and what
    /// could not be read.
    public var knownProfiles: (catalog: FixtureProfileCatalog, problems: [String]) {
        loadProfilesOnce()
        return profiles.withLock { ($0.catalog, $0.problems) }
    }

    /// Keeps an imported definition (blocking: on the library's pool) and knows its profile from now on.
    public func importProfile(_ definition: Data) throws(LiveError) -> FixtureProfile {
        guard let profileShelf else { throw LiveError(.unavailable, "this instrument keeps no fixture definitions") }
        let profile = try profileShelf.keep(definition)
        loadProfilesOnce()
        profiles.withLock { $0.catalog.add(profile) }
        return profile
    }

    /// `fixtures` with each profile they name laid out from the profiles known — a mode the patch already kept
    /// whole stays as kept when its profile is no longer on the machine; one named and not known is refused.
    func resolveProfiles(of fixtures: [Fixture]) throws(LiveError) -> [Fixture] {
        guard fixtures.contains(where: { $0.profile != nil }) else { return fixtures }
        let catalog = knownProfiles.catalog
        var resolved = fixtures
        for index in resolved.indices {
            guard let named = resolved[index].profile else { continue }
            if let found = catalog.resolve(named) {
                resolved[index].profile = found
            } else if named.channels.isEmpty {
                let what = "fixture “\(fixtures[index].name)”"
                guard let profile = catalog.profile(manufacturer: named.manufacturer, model: named.model) else {
                    throw LiveError(.invalid, "\(what): there is no fixture profile “\(named.manufacturer) \(named.model)”")
                }
                let modes = profile.modes.map { "“\($0.name)”" }.joined(separator: ", ")
                throw LiveError(.invalid, "\(what): “\(named.manufacturer) \(named.model)” has no mode “\(named.mode)” (its modes: \(modes))")
            }
        }
        return resolved
    }
}
