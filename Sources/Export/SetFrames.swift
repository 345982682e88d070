import Raster

/// The frames of a set recorded in parts, one part after another as one video: each part's frames drawn by
/// its own `PerformanceFrames`, made when its first frame is asked for and let go when the next part
/// begins. Called from one thread at a time, in order (the pipeline's drawing stage), so it needs no lock.
public final class SetFrames: @unchecked Sendable {
    // Safe to send: FramePipeline calls `frame` or `yuv420Frame` only from its drawing thread, in order.

    /// A part: how many frames of the video it takes, and how its frames are drawn.
    public struct Part {
        public let count: Int
        public let frames: () -> PerformanceFrames

        public init(count: Int, frames: @escaping () -> PerformanceFrames) {
            self.count = count
            self.frames = frames
        }
    }

    private let parts: [Part]
    /// The frame each part begins at in the video.
    private let firsts: [Int]
    private var current: (part: Int, frames: PerformanceFrames)?

    public init(_ parts: [Part]) {
        self.parts = parts
        firsts = parts.reduce(into: [0]) { firsts, part in firsts.append((firsts.last ?? 0) + part.count) }
    }

    /// Every part's frames.
    public var count: Int { firsts.last ?? 0 }

    /// Frame `index` of the video, drawn after every frame before it.
    public func frame(_ index: Int) -> Bitmap {
        let (frames, local) = locate(index)
        return frames.frame(local)
    }

    /// Frame `index` as Y′CbCr 4:2:0.
    public func yuv420Frame(_ index: Int) -> [UInt8] {
        let (frames, local) = locate(index)
        return frames.yuv420Frame(local)
    }

    /// The part frame `index` is in (made now when it is the next), and the frame's index within it.
    private func locate(_ index: Int) -> (PerformanceFrames, Int) {
        var part = current.map { index >= firsts[$0.part] ? $0.part : 0 } ?? 0
        while part + 1 < parts.count, index >= firsts[part + 1] { part += 1 }
        if let current, current.part == part { return (current.frames, index - firsts[part]) }
        let frames = parts[part].frames()
        current = (part, frames)
        return (frames, index - firsts[part])
    }
}
