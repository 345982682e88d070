import Foundation
import Synchronization

/// The composition lab's renders (its "Render" dialog): asked for, run one at a time on their own thread
/// (`WorkerPool.rendering`) so that nothing the performance needs waits for them, followed as they go,
/// cancelled, and their files found again to download. Every change of a render is told (`told`), a few
/// times a second at most while it runs.
public final class LiveRenders: Sendable {
    let renderer: any CompositionRenderer
    private let told: @Sendable (RenderStatus) -> Void
    private let state = Mutex(State())
    /// How many renders are remembered (the oldest finished ones are forgotten past it; their files stay).
    public static var remembered: Int { 50 }
    /// The least time between two progress reports of one render.
    static var reportInterval: Duration { .milliseconds(200) }

    private struct State {
        var renders: [Int: Render] = [:]
        var lastID = 0
        var queue: [Int] = []
        var running: Int?
    }

    struct Render {
        var status: RenderStatus
        let request: RenderRequest
        var cancelled = false
        var file: URL?
        var lastReport: ContinuousClock.Instant?
    }

    public init(renderer: any CompositionRenderer, told: @escaping @Sendable (RenderStatus) -> Void) {
        self.renderer = renderer
        self.told = told
    }

    /// Asks for a render of `request`: it starts when the one before it is done. Refused at once when what
    /// it names is not in the library.
    public func start(_ request: RenderRequest) throws(LiveError) -> RenderStatus {
        let name: String
        do { name = try renderer.name(of: request) } catch let error as LiveError { throw error } catch {
            throw LiveError(.invalid, "\(error)", cause: error)
        }
        let (status, runNow) = state.withLock { state in
            state.lastID += 1
            let status = RenderStatus(id: state.lastID, name: name, format: request.format.fileExtension)
            state.renders[status.id] = Render(status: status, request: request)
            state.queue.append(status.id)
            Self.forgetOld(&state)
            let runNow = state.running == nil
            if runNow { state.running = state.queue.removeFirst() }
            return (status, runNow ? status.id : nil)
        }
        told(status)
        if let runNow { run(runNow) }
        return status
    }

    /// The render `id` as it stands.
    public func status(of id: Int) throws(LiveError) -> RenderStatus {
        guard let render = state.withLock({ $0.renders[id] }) else { throw LiveError(.notFound, "there is no render \(id)") }
        return render.status
    }

    /// Every render remembered, the newest first.
    public var all: [RenderStatus] {
        state.withLock { $0.renders.values.map(\.status).sorted { $0.id > $1.id } }
    }

    /// The file of the finished render `id`, with its name.
    public func file(of id: Int) throws(LiveError) -> URL {
        guard let render = state.withLock({ $0.renders[id] }) else { throw LiveError(.notFound, "there is no render \(id)") }
        guard let file = render.file, render.status.state == .done else { throw LiveError(.notFound, "the render \(id) has no file (it is \(render.status.state.rawValue))") }
        return file
    }

    /// Stops the render `id` (a waiting one never starts); one that has ended is left as it is.
    @discardableResult
    public func cancel(_ id: Int) throws(LiveError) -> RenderStatus {
        let status = try state.withLock { (state) throws(LiveError) -> RenderStatus? in
            guard var render = state.renders[id] else { throw LiveError(.notFound, "there is no render \(id)") }
            guard !render.status.state.hasEnded else { return nil }
            render.cancelled = true
            if render.status.state == .waiting {
                render.status.state = .cancelled
                state.queue.removeAll { $0 == id }
            }
            state.renders[id] = render
            return render.status
        }
        if let status, status.state == .cancelled { told(status) }
        return try self.status(of: id)
    }

    private func run(_ id: Int) {
        Task.detached { [self] in
            await WorkerPool.rendering.run { work(id) }
        }
    }

    /// Renders `first` here and now, then each one waiting, in turn.
    private func work(_ first: Int) {
        var next: Int? = first
        while let id = next {
            render(id)
            next = state.withLock { state -> Int? in
                state.running = state.queue.isEmpty ? nil : state.queue.removeFirst()
                return state.running
            }
        }
    }

    private func render(_ id: Int) {
        guard let request = begin(id) else { return }
        do {
            let file = try renderer.render(
                request,
                progress: { [self] stage, fraction in
                    update(id, throttled: true) {
                        $0.status.stage = stage
                        $0.status.progress = min(1, max(0, fraction.isFinite ? fraction : 0))
                    }
                },
                cancelled: { [self] in state.withLock { $0.renders[id]?.cancelled ?? true } })
            update(id) {
                $0.file = file
                $0.status.state = .done
                $0.status.progress = 1
                $0.status.file = file.lastPathComponent
                $0.status.stage = nil
            }
        } catch {
            let cancelled = state.withLock { $0.renders[id]?.cancelled ?? false }
            update(id) {
                $0.status.state = cancelled ? .cancelled : .failed
                $0.status.error = cancelled ? nil : (error as? LiveError)?.message ?? "\(error)"
                $0.status.stage = nil
            }
        }
    }

    /// Marks the render `id` running and tells everyone — unless it was cancelled while it waited (then
    /// nil: it never starts).
    private func begin(_ id: Int) -> RenderRequest? {
        let started = state.withLock { state -> Render? in
            guard var render = state.renders[id], !render.cancelled else { return nil }
            render.status.state = .running
            render.status.stage = .mix
            render.lastReport = .now
            state.renders[id] = render
            return render
        }
        guard let started else { return nil }
        told(started.status)
        return started.request
    }

    /// Changes the render `id` and tells everyone (a progress report only when its stage changed or the last
    /// report was long enough ago); what it renders, or nil when it is gone.
    @discardableResult
    private func update(_ id: Int, throttled: Bool = false, _ change: (inout Render) -> Void) -> RenderRequest? {
        let now = ContinuousClock.now
        let (request, status) = state.withLock { state -> (RenderRequest?, RenderStatus?) in
            guard var render = state.renders[id] else { return (nil, nil) }
            let stage = render.status.stage
            change(&render)
            let due = !throttled || render.status.stage != stage || render.lastReport.map { now - $0 >= Self.reportInterval } ?? true
            if due { render.lastReport = now }
            state.renders[id] = render
            return (render.request, due ? render.status : nil)
        }
        if let status { told(status) }
        return request
    }

    private static func forgetOld(_ state: inout State) {
        let ended = state.renders.values.filter(\.status.state.hasEnded).map(\.status.id).sorted()
        for id in ended.prefix(max(0, state.renders.count - remembered)) { state.renders[id] = nil }
    }
}

/// A render as the lab follows it (`{"type": "render", "render": …}` on `/live`, `GET /api/renders/{id}`).
public struct RenderStatus: Hashable, Sendable, Codable {
    public enum State: String, Hashable, Sendable, Codable {
        case waiting, running, done, failed, cancelled
        var hasEnded: Bool { self == .done || self == .failed || self == .cancelled }
    }

    public let id: Int
    /// What is rendered: the composition's name, or the pair's.
    public let name: String
    /// "wav", "flac" or "mp4".
    public let format: String
    public var state: State = .waiting
    public var stage: RenderStage?
    public var progress: Double = 0
    /// Why it failed, when it did.
    public var error: String?
    /// The file's name, once it is done.
    public var file: String?
    /// Where to download it, once it is done.
    public var download: String? { file == nil ? nil : "/api/renders/\(id)/file" }

    init(id: Int, name: String, format: String) {
        self.id = id
        self.name = name
        self.format = format
    }

    private enum CodingKeys: String, CodingKey { case id, name, format, state, stage, progress, error, file, download }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(format, forKey: .format)
        try container.encode(state, forKey: .state)
        try container.encode(stage, forKey: .stage)
        try container.encode(progress, forKey: .progress)
        try container.encode(error, forKey: .error)
        try container.encode(file, forKey: .file)
        try container.encode(download, forKey: .download)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        format = try container.decode(String.self, forKey: .format)
        state = try container.decode(State.self, forKey: .state)
        stage = try container.decodeIfPresent(RenderStage.self, forKey: .stage)
        progress = try container.decode(Double.self, forKey: .progress)
        error = try container.decodeIfPresent(String.self, forKey: .error)
        file = try container.decodeIfPresent(String.self, forKey: .file)
    }
}
