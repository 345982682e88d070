import Composition
import Engine
import Foundation
import Synchronization
import Testing

/// A renderer a test drives: each render waits for the test to let it go on, frame by frame, and stops when
/// cancelled and woken; a pair fails. (`allowed` is only touched under `gate`.)
final class SteppedRenderer: CompositionRenderer, @unchecked Sendable {
    private let gate = NSCondition()
    /// The longest a render waits for a step: a test that never gives it fails instead of hanging.
    static let longestWait = 30.0
    private var allowed = 0
    let started = Mutex<[RenderRequest]>([])

    func name(of request: RenderRequest) throws -> String {
        switch request.source {
        case .composition(let id):
            guard id.rawValue != 404 else { throw LiveError(.notFound, "there is no composition 404") }
            return "Song \(id.rawValue)"
        case .pair: return "Broken"
        }
    }

    /// Lets the renders go on by `steps` steps (a render takes four).
    func step(_ steps: Int = 1) {
        gate.lock()
        allowed += steps
        gate.broadcast()
        gate.unlock()
    }

    /// Wakes a render waiting for a step, so that it sees it was cancelled (a test calls it after `cancel`).
    func wake() { step(0) }

    func render(
        _ request: RenderRequest, progress: @escaping @Sendable (RenderStage, Double) -> Void, cancelled: @escaping @Sendable () -> Bool
    ) throws -> URL {
        started.withLock { $0.append(request) }
        if case .pair = request.source { throw LiveError(.notSaved, "the mix could not be written") }
        for done in 1...4 {
            gate.lock()
            let deadline = Date(timeIntervalSinceNow: Self.longestWait)
            while allowed == 0, !cancelled() {
                guard gate.wait(until: deadline) else {
                    gate.unlock()
                    throw LiveError(.notSaved, "the test let render step \(done) go on within \(Self.longestWait) s")
                }
            }
            if allowed > 0 { allowed -= 1 }
            gate.unlock()
            if cancelled() { throw CancellationError() }
            progress(done <= 2 ? .mix : .video, Double(done) / 4)
        }
        return URL(fileURLWithPath: "/tmp/renders/Song.wav")
    }
}

/// What the renders told, as a stream a test waits on.
final class RenderNews: Sendable {
    let stream: AsyncStream<RenderStatus>
    let continuation: AsyncStream<RenderStatus>.Continuation

    init() { (stream, continuation) = AsyncStream.makeStream() }

    /// Waits for the first news of render `id` that `condition` holds for.
    func first(_ id: Int, where condition: (RenderStatus) -> Bool) async -> RenderStatus? {
        for await status in stream where status.id == id && condition(status) { return status }
        return nil
    }
}

@Suite("Renders asked for by the lab")
struct LiveRendersTests {
    @Test func aRenderRunsToItsEndAndItsFileIsFound() async throws {
        let renderer = SteppedRenderer(), news = RenderNews()
        let renders = LiveRenders(renderer: renderer) { news.continuation.yield($0) }
        let first = try renders.start(RenderRequest(source: .composition(CompositionID(1)), format: .wav))
        #expect(first.name == "Song 1" && first.format == "wav")
        _ = await news.first(first.id) { $0.state == .running }
        #expect(throws: LiveError.self) { try renders.file(of: first.id) }  // not done yet
        renderer.step(4)
        let done = try #require(await news.first(first.id) { $0.state == .done })
        #expect(done.progress == 1 && done.file == "Song.wav" && done.download == "/api/renders/\(first.id)/file")
        #expect(try renders.file(of: first.id).lastPathComponent == "Song.wav")
    }

    @Test func rendersRunOneAtATimeAndAWaitingOneCancelledNeverStarts() async throws {
        let renderer = SteppedRenderer(), news = RenderNews()
        let renders = LiveRenders(renderer: renderer) { news.continuation.yield($0) }
        let first = try renders.start(RenderRequest(source: .composition(CompositionID(1)), format: .wav))
        let second = try renders.start(RenderRequest(source: .composition(CompositionID(2)), format: .mp4(width: 64, height: 36, fps: 10)))
        let third = try renders.start(RenderRequest(source: .composition(CompositionID(3)), format: .flac))
        #expect(try renders.status(of: second.id).state == .waiting)
        #expect(try renders.cancel(second.id).state == .cancelled)
        renderer.step(8)
        _ = await news.first(third.id) { $0.state == .done }
        #expect(try renders.status(of: first.id).state == .done)
        #expect(try renders.status(of: second.id).state == .cancelled)
        #expect(renderer.started.withLock { $0.map(\.source) } == [.composition(CompositionID(1)), .composition(CompositionID(3))])
        #expect(renders.all.map(\.id) == [third.id, second.id, first.id])
    }

    @Test func aRunningRenderCancelledStopsAndOneThatEndedStaysAsItWas() async throws {
        let renderer = SteppedRenderer(), news = RenderNews()
        let renders = LiveRenders(renderer: renderer) { news.continuation.yield($0) }
        let render = try renders.start(RenderRequest(source: .composition(CompositionID(1)), format: .wav))
        _ = await news.first(render.id) { $0.state == .running }
        renderer.step(1)
        try renders.cancel(render.id)
        renderer.wake()
        let cancelled = try #require(await news.first(render.id) { $0.state == .cancelled })
        #expect(cancelled.error == nil && cancelled.file == nil)
        #expect(throws: LiveError.self) { try renders.file(of: render.id) }
        #expect(try renders.cancel(render.id).state == .cancelled)
    }

    @Test func aFailedRenderSaysWhyAndUnknownRendersAreRefused() async throws {
        let renderer = SteppedRenderer(), news = RenderNews()
        let renders = LiveRenders(renderer: renderer) { news.continuation.yield($0) }
        let render = try renders.start(RenderRequest(source: .pair(Pair(PartID(1), VoiceID(2))), format: .wav))
        let failed = try #require(await news.first(render.id) { $0.state == .failed })
        #expect(failed.error == "the mix could not be written")
        #expect(throws: LiveError.self) { try renders.start(RenderRequest(source: .composition(CompositionID(404)), format: .wav)) }
        #expect(throws: LiveError.self) { try renders.status(of: 999) }
        #expect(throws: LiveError.self) { try renders.cancel(999) }
        #expect(renders.all.count == 1)
    }
}
