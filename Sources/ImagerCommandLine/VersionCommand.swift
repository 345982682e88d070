import ArgumentParser
import CBuildStamp

/// The release of Image Performer this binary is, and the source it was built from.
public enum ImagePerformerVersion {
    public static let current = "0.1.0"

    /// The git commit the binary was built from, nil when the source was not a git checkout.
    public static var commit: String? {
        let commit = String(cString: imager_build_commit())
        return commit.isEmpty ? nil : commit
    }

    /// What `imager version` prints: the version, then the commit (and whether the checkout had changes of its own).
    public static var described: String {
        guard let commit else { return "imager \(current) (built outside a git checkout)" }
        let changes = imager_build_had_uncommitted_changes() ? ", with uncommitted changes" : ""
        return "imager \(current) (commit \(commit)\(changes))"
    }
}

/// `imager version`: prints the version and the commit it was built from.
struct VersionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "version", abstract: "Print the version of Image Performer and the commit it was built from.")

    func run() {
        print(ImagePerformerVersion.described)
    }
}
