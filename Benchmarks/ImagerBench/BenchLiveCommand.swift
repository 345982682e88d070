import ArgumentParser
import Engine
import Foundation
import Instrument
import Logging
import Server
import Synchronization

/// `imager-bench live`: the live server's latencies on loopback, with real sockets.
struct BenchLiveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "live",
        abstract: "Measure the live server on loopback: intent → state latency, frame delivery, tick time.",
        discussion: """
            Starts the server in this process on a free loopback port. Intent latency: one client sends \
            --intents tempo changes, 200 a second, and every connected client (1, then 20) times the change's \
            arrival; p50 and p99 over all of them. Frame delivery: a canvas on /live?frames=1 times each frame \
            from the moment the engine evaluated it to its arrival, with --lumis live lumis; the engine's tick \
            (evaluation, encoding, hand-out) is timed alongside. Build with `swift build -c release`.
            """)

    @Option(help: "Intents sent per client count (10…100000).") var intents = 1_000
    @Option(parsing: .upToNextOption, help: "Client counts to measure intent latency with (1…200).") var clients: [Int] = [1, 20]
    @Option(help: "Live lumis while frame delivery is measured (0…100000).") var lumis = 10_000
    @Option(help: "Seconds of frames to measure (1…60).") var seconds = 4.0

    func validate() throws {
        guard (10...100_000).contains(intents) else { throw ValidationError("--intents takes 10 to 100000") }
        guard !clients.isEmpty, clients.allSatisfy({ (1...200).contains($0) }) else { throw ValidationError("--clients takes numbers from 1 to 200") }
        guard (0...100_000).contains(lumis) else { throw ValidationError("--lumis takes 0 to 100000") }
        guard seconds.isFinite, (1...60).contains(seconds) else { throw ValidationError("--seconds takes 1 to 60") }
    }

    func run() async throws {
        let started = ContinuousClock.now
        let session = LiveSession(instrument: LiveInstrument(engine: InstrumentEngine(chordset: FactoryChordsets.lumia, clock: ContinuousClock())))
        let server = try await InProcessServer(session: session)
        defer { server.stop() }
        let listening = server.port

        print("live server on loopback (medians and 99th percentiles)")
        for count in clients {
            let latencies = try await Self.intentLatencies(port: listening, clients: count, intents: intents)
            print("  intent → state, \(count) client\(count == 1 ? "" : "s"): p50 \(Self.format(latencies, 0.5)), p99 \(Self.format(latencies, 0.99)) (\(latencies.count) arrivals)")
        }
        let (delivery, live) = try await Self.frameDelivery(port: listening, session: session, lumis: lumis, seconds: seconds, since: started)
        print("  frame delivery, \(live) live lumis: p50 \(Self.format(delivery, 0.5)), p99 \(Self.format(delivery, 0.99)) (\(delivery.count) frames)")
        let ticks = session.ticks.recent.suffix(Int(seconds * 60)).map(\.inSeconds)
        print("  engine tick (frame, encoding, hand-out): p50 \(Self.format(ticks, 0.5)), p99 \(Self.format(ticks, 0.99))")
    }

    /// Every client's delay from a tempo change's sending to its arrival, in seconds. Each change sets its
    /// own tempo, by which its arrival is known (changes that merge on the way arrive as one: the earlier
    /// ones are not counted).
    static func intentLatencies(port: Int, clients: Int, intents: Int) async throws -> [Double] {
        let sockets = try (0..<clients).map { _ in try LoopbackWebSocket(port: port, path: "/live") }
        for socket in sockets { _ = try socket.receive() }  // the snapshot
        let clock = ContinuousClock()
        let sent = Mutex([ContinuousClock.Instant?](repeating: nil, count: intents))
        let arrivals = Mutex<[Double]>([])
        let readers = sockets.map { socket in
            Thread.detachedTask {
                var last = -1
                while last < intents - 1, case .text(let text)? = try? socket.receive() {
                    guard let index = tempoIndex(in: text) else { continue }
                    let now = clock.now
                    if let sending = sent.withLock({ $0[index] }) { arrivals.withLock { $0.append(sending.duration(to: now).inSeconds) } }
                    last = index
                }
            }
        }
        for index in 0..<intents {
            sent.withLock { $0[index] = clock.now }
            try sockets[0].send(text: #"{"type":"tempo","bpm":\#(tempo(index))}"#)
            try await Task.sleep(for: .milliseconds(5))
        }
        for reader in readers { await reader.finished(within: .seconds(10)) }
        return arrivals.withLock { $0 }
    }

    /// The tempo the `index`th change sets: 40 BPM and a thousandth more for each, so each is its own.
    static func tempo(_ index: Int) -> Double { 40 + Double(index) / 1000 }

    /// Which change a `changed` message carrying a tempo answers.
    static func tempoIndex(in message: [UInt8]) -> Int? {
        let text = String(decoding: message, as: UTF8.self)
        guard text.hasPrefix(#"{"aspects":["tempo"]"#), let range = text.range(of: #""tempo":"#) else { return nil }
        let number = text[range.upperBound...].prefix { $0.isNumber || $0 == "." }
        guard let bpm = Double(number) else { return nil }
        return Int(((bpm - 40) * 1000).rounded())
    }

    /// How long frames took from evaluation to arrival at a canvas, with `lumis` kept alive.
    static func frameDelivery(
        port: Int, session: LiveSession<ContinuousClock>, lumis: Int, seconds: Double, since started: ContinuousClock.Instant
    ) async throws -> ([Double], Int) {
        var event = 0
        func topUp() async {
            while await session.engine.snapshot().liveLumis < lumis {
                for _ in 0..<64 {
                    for intent in SceneBenchmark.intents(forEvent: event) { _ = try? await session.engine.perform(intent) }
                    event += 1
                }
            }
        }
        await topUp()
        let canvas = try LoopbackWebSocket(port: port, path: "/live?frames=1")
        let clock = ContinuousClock()
        let delays = Mutex<[Double]>([])
        let stop = Atomic<Bool>(false)
        let reader = Thread.detachedTask {
            while !stop.load(ordering: .relaxed), let message = try? canvas.receive() {
                guard case .binary(let frame) = message, frame.count >= 12 else { continue }
                let time = Double(Float(bitPattern: (8..<12).reduce(UInt32(0)) { $0 | UInt32(frame[$1]) << (8 * UInt32($1 - 8)) }))
                let delay = started.duration(to: clock.now).inSeconds - time
                delays.withLock { $0.append(delay) }
            }
        }
        let end = clock.now.advanced(by: .seconds(seconds))
        var live = 0
        while clock.now < end {
            await topUp()
            live = await session.engine.snapshot().liveLumis
            try await Task.sleep(for: .milliseconds(100))
        }
        stop.store(true, ordering: .relaxed)
        await reader.finished(within: .seconds(2))
        return (delays.withLock { Array($0.dropFirst(10)) }, live)  // the first frames carry the forms' start-up
    }


    static func format(_ values: [Double], _ fraction: Double) -> String {
        guard !values.isEmpty else { return "–" }
        let sorted = values.sorted()
        let value = sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
        return String(format: "%.2f ms", value * 1000)
    }
}
