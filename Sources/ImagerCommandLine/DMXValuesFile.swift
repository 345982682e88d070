import DMX
import Engine
import Export
import Fixtures
import Foundation
import Instrument
import Library

/// A performance's DMX as a CSV file, for checking and archiving a lighting show without a rig: the stage drawn
/// at 128×72 at the DMX rate, as `imager serve --dmx` draws it, sampled for the patch; a row a universe a DMX
/// frame — the time (seconds from the recording's first moment, to the millisecond), the universe, and its 512
/// channel levels — under a header `seconds,universe,1,2,…,512`.
enum DMXValuesFile {
    /// `--dmx-rate` as typed, checked: 1…44 frames a second.
    static func rate(_ typed: String) throws(CommandFailure) -> Int {
        try NumberArgument.integer(typed, "--dmx-rate", in: LiveFixtures.rates)
    }

    /// Writes the DMX of `seconds` of `performance` from `start`, `rate` frames a second, as `library`'s patch is
    /// sent it, into the CSV file at `path`; the patch's rows that cannot be read said. `progress` hears how far
    /// it is, and may stop it (then `CancellationError`, the file removed).
    static func write(
        _ performance: PerformanceLog, seconds: Double, from start: Double, rate: Int, patchOf library: ChordsetLibrary, to path: String,
        _ progress: CompositionRender.Progress = .init()
    ) throws {
        let kept = try libraryCommand { () throws(LibraryError) in try library.fixturePatch() }
        for problem in kept.problems { FileHandle.standardError.write(Data("warning: \(problem)\n".utf8)) }
        guard !kept.patch.fixtures.isEmpty else { throw CommandFailure("the library has no fixtures to write the DMX of (docs/fixtures.md)") }
        let count = Int((seconds * Double(rate)).rounded(.up)) + 1
        guard count <= 1_000_000 else { throw CommandFailure("that is \(count) DMX frames; at most 1,000,000 are written") }
        try write(performance, patch: kept.patch, rate: rate, from: start, count: count, to: URL(fileURLWithPath: path), progress)
    }

    /// Writes the `count` DMX frames of `performance` from `start`, `rate` a second, into `url`, telling `progress`.
    static func write(
        _ performance: PerformanceLog, patch: FixturePatch, rate: Int, from start: Double, count: Int, to url: URL,
        _ progress: CompositionRender.Progress = .init()
    ) throws {
        // No handle is answered in the else.
        guard FileManager.default.createFile(atPath: url.path, contents: nil), let file = try? FileHandle(forWritingTo: url) else {
            throw CommandFailure("cannot write \(url.path)")
        }
        defer { try? file.close() }  // writes are unbuffered and each checked
        let frames = PerformanceFrames(log: performance, width: 128, height: 72, fps: rate, from: start)
        var text = "seconds,universe," + (1...DMXFrame.channelCount).map(String.init).joined(separator: ",") + "\n"
        var state = FixtureFrameState()  // the stage's flashes held to 3 a second and the heads moving at their slew, as live
        do {
            for index in 0..<count {
                try progress.check()
                progress.told(index, count)
                let time = Double(index) / Double(rate)
                let universes = FixtureOutput.frames(
                    of: patch, showing: StageSampler(frames.frame(index), sounding: frames.scene(index).soundingLumis), controls: FixtureControls(),
                    at: time, state: &state)
                for (universe, frame) in universes.sorted(by: { $0.key < $1.key }) {
                    text += "\(FixedDecimals.format(time, decimals: 3)),\(universe),"
                    text += frame.levels.map(String.init).joined(separator: ",") + "\n"
                }
                if text.utf8.count > 1 << 20 || index == count - 1 {
                    try file.write(contentsOf: Data(text.utf8))
                    text = ""
                }
            }
            if !text.isEmpty { try file.write(contentsOf: Data(text.utf8)) }
        } catch is CancellationError {
            try? FileManager.default.removeItem(at: url)  // a render stopped leaves nothing behind
            throw CancellationError()
        } catch {
            throw CommandFailure("cannot write \(url.path): \(error.localizedDescription)")
        }
    }
}
