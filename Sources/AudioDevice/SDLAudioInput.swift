import CSDL2
import Synchronization

/// Sound coming in through SDL2's capture: 32-bit float at the rate asked, from the default input or a
/// device by name. SDL's driver is chosen as SDL chooses it: `SDL_AUDIODRIVER=disk` reads what is "heard"
/// from the raw file `SDL_DISKAUDIOFILEIN` names (32-bit floats, the channels interleaved), which tests use.
public final class SDLAudioInput: Sendable {
    public let name: String
    public let sampleRate: Int
    public let channelCount: Int
    public let bufferFrames: Int
    private let device: SDL_AudioDeviceID
    private let box: Box

    private final class Box: Sendable {
        let deliver = Mutex<(@Sendable (UnsafeBufferPointer<Float>) -> Void)?>(nil)
        /// Whether the device is started, and whether it is closed (it is never opened again).
        let state = Mutex<(started: Bool, closed: Bool)>((false, false))
    }

    /// The names of the capture devices SDL sees now.
    public static func deviceNames() -> [String] {
        SDLAudio.serialized {
            guard SDL_InitSubSystem(UInt32(SDL_INIT_AUDIO)) == 0 else { return [] }
            defer { SDL_QuitSubSystem(UInt32(SDL_INIT_AUDIO)) }
            return (0..<max(0, SDL_GetNumAudioDevices(1))).compactMap { index in
                SDL_GetAudioDeviceName(index, 1).map { String(cString: $0) }
            }
        }
    }

    /// Opens `device` (nil: the default input) for capture; throws SDL's reason when it cannot (no input,
    /// none by that name, access refused).
    public init(device: String?, sampleRate: Int = 48_000, bufferFrames: Int = 256) throws(AudioDeviceError) {
        let box = Box()
        self.box = box
        let opened: Result<(SDL_AudioDeviceID, SDL_AudioSpec), AudioDeviceError> = SDLAudio.serialized {
            guard SDL_InitSubSystem(UInt32(SDL_INIT_AUDIO)) == 0 else {
                return .failure(AudioDeviceError("nothing can be heard: SDL cannot start its audio (\(String(cString: SDL_GetError())))"))
            }
            var desired = SDL_AudioSpec()
            desired.freq = Int32(sampleRate)
            desired.format = SDL_AudioFormat(AUDIO_F32SYS)
            desired.channels = 2
            desired.samples = UInt16(bufferFrames)
            desired.callback = { user, stream, length in
                guard let user, let stream else { return }
                let box = Unmanaged<Box>.fromOpaque(user).takeUnretainedValue()
                let count = Int(length) / MemoryLayout<Float>.size
                let samples = UnsafeBufferPointer(start: UnsafeRawPointer(stream).assumingMemoryBound(to: Float.self), count: count)
                box.deliver.withLock { $0 }?(samples)
            }
            desired.userdata = Unmanaged.passUnretained(box).toOpaque()
            var obtained = SDL_AudioSpec()
            let id = device.map { name in SDL_OpenAudioDevice(name, 1, &desired, &obtained, 0) } ?? SDL_OpenAudioDevice(nil, 1, &desired, &obtained, 0)
            guard id != 0 else {
                let reason = String(cString: SDL_GetError())
                SDL_QuitSubSystem(UInt32(SDL_INIT_AUDIO))
                return .failure(AudioDeviceError("cannot listen to \(device.map { "“\($0)”" } ?? "the default input"): \(reason)"))
            }
            return .success((id, obtained))
        }
        let (id, obtained) = try opened.get()
        self.device = id
        name = device.map { "device: \($0)" } ?? "default input"
        self.sampleRate = Int(obtained.freq)
        channelCount = Int(obtained.channels)
        self.bufferFrames = Int(obtained.samples)
    }

    public func start(
        deliver: @escaping @Sendable (UnsafeBufferPointer<Float>) -> Void, failed: @escaping @Sendable (String) -> Void
    ) throws {
        box.deliver.withLock { $0 = deliver }
        let opened = box.state.withLock { state in
            if !state.closed { state.started = true }
            return !state.closed
        }
        guard opened else { throw AudioDeviceError("\(name) was let go: open it again") }
        SDLAudio.serialized { SDL_PauseAudioDevice(device, 0) }
    }

    /// Closes the device: what it delivers stops, and it can be opened again at once.
    public func stop() {
        box.deliver.withLock { $0 = nil }
        close()
    }

    /// "the device was removed" once SDL says the started device is gone (unplugged); SDL goes on calling
    /// a removed capture device's callback with silence, so this is how its loss is seen.
    public var lost: String? {
        box.state.withLock { state in
            guard state.started, !state.closed else { return nil }
            return SDL_GetAudioDeviceStatus(device) == SDL_AUDIO_STOPPED ? "\(name) was removed" : nil
        }
    }

    private func close() {
        let closing = box.state.withLock { state in
            defer { state.closed = true }
            return !state.closed
        }
        guard closing else { return }
        SDLAudio.serialized {
            SDL_CloseAudioDevice(device)
            SDL_QuitSubSystem(UInt32(SDL_INIT_AUDIO))
        }
    }

    deinit {
        close()
    }
}
