/// A sound device that pulls what it plays (a port: SDL2's callback in the instrument, a hand in tests).
/// `pull` is called on the device's own thread for the next frames (stereo, interleaved); it must not block
/// or allocate.
public protocol AudioOutput: Sendable {
    /// The device's rate, in frames a second.
    var sampleRate: Int { get }
    /// About how many frames lie between what `pull` writes and what is heard (the device's buffers).
    var latencyFrames: Int { get }
    /// Starts pulling; throws with the device's reason when it cannot.
    func start(pulling pull: @escaping @Sendable (UnsafeMutableBufferPointer<Float>, Int) -> Void) throws
    /// Stops pulling and closes the device.
    func stop()
}
