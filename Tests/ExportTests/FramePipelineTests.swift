import Export
import Synchronization
import Testing

/// The export pipeline: frames drawn, converted on one thread or several, handed on in order; a failure stops
/// every stage and is rethrown, nothing left running.
@Suite("Frame pipeline")
struct FramePipelineTests {
    @Test(arguments: [1, 2, 3])
    func framesComeOutInOrderHoweverManyConvertThem(converters: Int) throws {
        for count in [0, 1, 2, 5, 17] {
            var seen: [Int] = []
            try FramePipeline.run(
                count: count, render: { $0 },
                convert: { frame in
                    // Uneven work, so that a later frame is often converted before an earlier one.
                    var spin = 0
                    for step in 0..<((frame * 7_919) % 5 * 20_000) { spin &+= step }
                    return (frame, spin)
                },
                converters: converters
            ) { index, converted in
                #expect(index == converted.0)
                seen.append(converted.0)
            }
            #expect(seen == Array(0..<count), "\(converters) converters, \(count) frames")
        }
    }

    struct WriteFailed: Error {}

    @Test(arguments: [1, 2])
    func aFailureStopsEveryStageAndIsRethrown(converters: Int) {
        let drawn = Atomic(0)
        #expect(throws: WriteFailed.self) {
            try FramePipeline.run(
                count: 10_000, render: { frame in drawn.add(1, ordering: .relaxed); return frame }, convert: { $0 }, converters: converters
            ) { index, _ in
                if index == 3 { throw WriteFailed() }
            }
        }
        // Stopped, not drawn to the end: at most the frames in flight past the failed one.
        #expect(drawn.load(ordering: .relaxed) < 30)
    }
}
