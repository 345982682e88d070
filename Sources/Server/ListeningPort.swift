import Synchronization

/// The port the server listens on: the one asked for, or — when 0 asked the system to choose — the one it
/// chose, known once the server runs.
final class ListeningPort: Sendable {
    private let value: Mutex<Int>

    init(_ port: Int) { value = Mutex(port) }

    var port: Int { value.withLock { $0 } }

    func set(_ port: Int) { value.withLock { $0 = port } }
}
