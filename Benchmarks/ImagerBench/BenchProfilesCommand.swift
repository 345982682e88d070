import ArgumentParser
import FixtureDefinitions
import Fixtures
import Foundation
import ImagerCommandLine

/// `imager-bench profiles`: what reading every fixture definition at start costs, and a search of them.
struct BenchProfilesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profiles",
        abstract: "Measure reading every fixture definition on the machine (time, memory) and searching them.",
        discussion: """
            Reads Debian's qlcplus-data (QLC+'s definitions) as the server does at start, several times, and \
            prints the median time, the profiles read and the resident memory they add; then searches the \
            catalogue for a few letters (as the console does while a performer types) and prints the median.
            """)

    @Option(name: .long, help: "Times to read them all (1…20).")
    var rounds: Int = 5

    func validate() throws {
        guard (1...20).contains(rounds) else { throw ValidationError("--rounds takes a number from 1 to 20") }
    }

    func run() throws {
        let folders = FixtureDefinitionFolders(folders: [FixtureDefinitionFolders.systemFolder])
        let clock = ContinuousClock()
        var times: [Double] = []
        var kept: [FixtureProfile] = []
        let before = ResidentMemory.bytes()
        for _ in 0..<rounds {
            let start = clock.now
            let reading = folders.read()
            times.append((clock.now - start).inSeconds)
            kept = reading.profiles
        }
        let catalog = FixtureProfileCatalog(kept)
        let added = ResidentMemory.bytes() - before
        times.sort()
        print("definitions read  median s  best s  resident MB (one catalogue kept)")
        print(kept.count, FixedDecimals.format(times[times.count / 2], decimals: 3), FixedDecimals.format(times[0], decimals: 3),
              FixedDecimals.format(Double(added) / 1_048_576, decimals: 1), separator: "  ")
        var searches: [Double] = []
        for text in ["slim", "chauvet par", "moving", "xs 400", "led bar", "a"] {
            for _ in 0..<20 {
                let start = clock.now
                _ = catalog.search(text, limit: 30)
                searches.append((clock.now - start).inSeconds)
            }
        }
        searches.sort()
        print("search median ms  p90 ms")
        print(FixedDecimals.format(searches[searches.count / 2] * 1e3, decimals: 3), FixedDecimals.format(searches[searches.count * 9 / 10] * 1e3, decimals: 3), separator: "  ")
    }
}
