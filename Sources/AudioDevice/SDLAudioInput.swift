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
        SDLAudio.serialized { SDL_PauseAudioDevice(device, 0) }
    }

    public func stop() {
        SDLAudio.serialized { SDL_PauseAudioDevice(device, 1) }
        box.deliver.withLock { $0 = nil }
    }

    deinit {
        SDLAudio.serialized {
            SDL_CloseAudioDevice(device)
            SDL_QuitSubSystem(UInt32(SDL_INIT_AUDIO))
        }
    }
}
