import Foundation

/// A fresh folder under the system's temporary directory, for tests that write real files.
public struct TemporaryFolder: Sendable {
    public let url: URL

    public init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("imager-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    public func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// Removes the folder; what cannot be removed stays in the system's temporary folder, which is emptied anyway.
    public func remove() { try? FileManager.default.removeItem(at: url) }
}
