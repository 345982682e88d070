import ArgumentParser
import Engine
import Foundation
import Instrument
import Server
import Synchronization

/// `imager-bench soak`: the live server under a long, heavy load, watching its memory.
struct BenchSoakCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "soak",
        abstract: "Soak the live server: many busy clients, a canvas, and clients that stop reading.",
        discussion: """
            Starts the server in this process on a free loopback port. --clients consoles each send --rate \
            intents a second (ribbon moves, pads pressed and released, a tap each second) and read everything \
            sent back; one canvas takes the frames; --stalled canvases complete the upgrade and never read \
            again. Memory (resident set) is sampled every second. Passes — exit status 0 — when every stalled \
            client was cut off, every console is still connected, and memory after the warm-up (the first \
            quarter) grew by no more than 16 MiB (nothing played is kept in memory: a recording is journaled to \
            disk). Fails with status 1 otherwise.
            """)

    @Option(help: "How long to run, in seconds (5…86400).") var seconds = 180.0
    @Option(help: "Consoles sending intents (1…500).") var clients = 50
    @Option(help: "Intents a second from each console (1…1000).") var rate = 60.0
    @Option(help: "Canvases that stop reading (0…100).") var stalled = 5

    func validate() throws {
        guard seconds.isFinite, (5...86_400).contains(seconds) else { throw ValidationError("--seconds takes 5 to 86400") }
        guard (1...500).contains(clients) else { throw ValidationError("--clients takes 1 to 500") }
        guard rate.isFinite, (1...1000).contains(rate) else { throw ValidationError("--rate takes 1 to 1000") }
        guard (0...100).contains(stalled) else { throw ValidationError("--stalled takes 0 to 100") }
    }

    func run() async throws {
        let session = LiveSession(instrument: LiveInstrument(engine: InstrumentEngine(chordset: FactoryChordsets.lumia, clock: ContinuousClock())))
        let server = try await InProcessServer(session: session)
        defer { server.stop() }
        let stop = Atomic<Bool>(false)
        let sent = Atomic<Int>(0), received = Atomic<Int>(0), disconnected = Atomic<Int>(0)

        let consoles = try (0..<clients).map { _ in try LoopbackWebSocket(port: server.port, path: "/live") }
        var threads: [ThreadCompletion] = []
        for (number, console) in consoles.enumerated() {
            threads.append(Thread.detachedTask {
                while !stop.load(ordering: .relaxed) {
                    do {
                        _ = try console.receive()
                    } catch {
                        if !stop.load(ordering: .relaxed), disconnected.add(1, ordering: .relaxed).newValue == 1 { print("  a console was cut off: \(error)") }
                        return
                    }
                    received.add(1, ordering: .relaxed)
                }
            })
            threads.append(Thread.detachedTask {
                var index = 0
                let start = ContinuousClock.now
                while !stop.load(ordering: .relaxed) {
                    guard (try? console.send(text: Self.intent(number: number, index: index))) != nil else { return }
                    sent.add(1, ordering: .relaxed)
                    index += 1
                    let due = start.advanced(by: .seconds(Double(index) / rate))
                    let wait = ContinuousClock.now.duration(to: due)
                    if wait > .zero { Thread.sleep(forTimeInterval: wait.inSeconds) }
                }
            })
        }
        let canvas = try LoopbackWebSocket(port: server.port, path: "/live?frames=1")
        threads.append(Thread.detachedTask {
            while !stop.load(ordering: .relaxed), (try? canvas.receive()) != nil {}
        })
        let stalledClients = try (0..<stalled).map { _ in try LoopbackWebSocket(port: server.port, path: "/live?frames=1", receiveBuffer: 4096) }

        var samples: [Int] = []
        let end = ContinuousClock.now.advanced(by: .seconds(seconds))
        while ContinuousClock.now < end {
            try await Task.sleep(for: .seconds(1))
            samples.append(ResidentMemory.bytes())
        }
        stop.store(true, ordering: .relaxed)
        let status = await session.status
        withExtendedLifetime(stalledClients) {}

        let warm = samples[samples.count / 4], last = samples[samples.count - 1]
        let growth = last - warm
        // Nothing played is kept in memory (a recording goes to its journal on disk): memory must stay flat.
        let allowed = 16 << 20
        let mebibytes = { (bytes: Int) in String(format: "%.1f MiB", Double(bytes) / 1_048_576) }
        print("soak: \(Int(seconds)) s, \(clients) consoles at \(Int(rate)) intents/s, 1 canvas, \(stalled) stalled")
        print("  intents sent \(sent.load(ordering: .relaxed)), messages received \(received.load(ordering: .relaxed)), consoles cut off \(disconnected.load(ordering: .relaxed))")
        print("  memory: \(mebibytes(warm)) after warm-up, \(mebibytes(last)) at the end, at most \(mebibytes(samples.max() ?? 0))")
        print("  grew \(mebibytes(growth)); allowed \(mebibytes(allowed))")
        print("  stalled clients cut off: \(status.evicted); engine tick p50 \(String(format: "%.2f", status.tickMedianMilliseconds)) ms, p99 \(String(format: "%.2f", status.tickP99Milliseconds)) ms")
        var failures: [String] = []
        if status.evicted < stalled { failures.append("\(stalled - status.evicted) stalled clients were not cut off") }
        if disconnected.load(ordering: .relaxed) > 0 { failures.append("consoles were cut off") }
        if growth > allowed { failures.append("memory grew by more than \(mebibytes(allowed))") }
        print(failures.isEmpty ? "passed" : "FAILED: " + failures.joined(separator: "; "))
        if !failures.isEmpty { throw ExitCode(1) }
    }

    /// What a busy console sends: mostly ribbon moves, pads pressed and released, a tap each second.
    static func intent(number: Int, index: Int) -> String {
        let x = StableRandom.unit(UInt64(number), Int64(index)), y = StableRandom.unit(UInt64(number) + 1000, Int64(index))
        switch index % 60 {
        case 0: return #"{"type":"tap","at":{"x":\#(x),"y":\#(y)},"velocity":0.8}"#
        case let step where step % 10 == 1: return #"{"type":"padDown","pad":\#(index % 8),"velocity":0.7}"#
        case let step where step % 10 == 2: return #"{"type":"padUp","pad":\#((index - 1) % 8)}"#
        default: return #"{"type":"ribbonCenter","ribbon":"\#(index % 2 == 0 ? "hue" : "purity")","value":\#((x * 100).rounded() / 100)}"#
        }
    }
}
