import ArgumentParser

/// The release of Image Performer this binary is.
public enum ImagePerformerVersion {
    public static let current = "0.1.0"
}

/// `imager version`: prints the version.
struct VersionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "version", abstract: "Print the version of Image Performer.")

    func run() {
        print("imager \(ImagePerformerVersion.current)")
    }
}
