import ImagerCommandLine
import Engine
import Logging
import Server
import Synchronization

/// The live server started inside a benchmark's own process, on a free loopback port.
struct InProcessServer {
    let port: Int
    private let task: Task<Void, any Error>

    init(session: LiveSession<ContinuousClock>) async throws {
        let chosen = Mutex<Int?>(nil)
        var logger = Logger(label: "imager-bench")
        logger.logLevel = .critical
        let application = buildApplication(
            configuration: ServerConfiguration(port: 0), session: session, logger: logger, onListening: { port in chosen.withLock { $0 = port } })
        task = Task { try await application.run() }
        var port: Int?
        for _ in 0..<500 where port == nil {
            try await Task.sleep(for: .milliseconds(10))
            port = chosen.withLock { $0 }
        }
        guard let port else {
            task.cancel()
            throw CommandFailure("the server did not start")
        }
        self.port = port
    }

    func stop() { task.cancel() }
}
