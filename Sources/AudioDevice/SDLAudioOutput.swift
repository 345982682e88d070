import Audio
import CSDL2
import Synchronization

/// The computer's sound through SDL2's pull callback: 32-bit float stereo at the rate asked (SDL converts
/// for the hardware). SDL's driver is chosen as SDL chooses it — `SDL_AUDIODRIVER` picks one (`disk` writes
/// what would be heard to the file `SDL_DISKAUDIOFILE` names, which tests read; `dummy` plays nothing).
public final class SDLAudioOutput: AudioOutput {
    public let sampleRate: Int
    public let latencyFrames: Int
    private let device: SDL_AudioDeviceID
    /// What SDL's thread calls, found through the callback's user data.
    private let box: Box

    private final class Box: Sendable {
        let pull = Mutex<(@Sendable (UnsafeMutableBufferPointer<Float>, Int) -> Void)?>(nil)
    }

    /// Opens the default device at `sampleRate`, `bufferFrames` frames a callback; throws SDL's reason when
    /// there is no device to open.
    public init(sampleRate: Int = 48_000, bufferFrames: Int = 512) throws(AudioDeviceError) {
        let box = Box()
        self.box = box
        let opened: Result<(SDL_AudioDeviceID, SDL_AudioSpec), AudioDeviceError> = SDLAudio.serialized {
            guard SDL_InitSubSystem(UInt32(SDL_INIT_AUDIO)) == 0 else {
                return .failure(AudioDeviceError("no sound: SDL cannot start its audio (\(String(cString: SDL_GetError())))"))
            }
            var desired = SDL_AudioSpec()
            desired.freq = Int32(sampleRate)
            desired.format = SDL_AudioFormat(AUDIO_F32SYS)
            desired.channels = 2
            desired.samples = UInt16(bufferFrames)
            desired.callback = { user, stream, length in
                guard let user, let stream else { return }
                let box = Unmanaged<Box>.fromOpaque(user).takeUnretainedValue()
                let frames = Int(length) / (2 * MemoryLayout<Float>.size)
                let buffer = UnsafeMutableBufferPointer(start: UnsafeMutableRawPointer(stream).assumingMemoryBound(to: Float.self), count: 2 * frames)
                if let pull = box.pull.withLock({ $0 }) {
                    pull(buffer, frames)
                } else {
                    buffer.update(repeating: 0)
                }
            }
            desired.userdata = Unmanaged.passUnretained(box).toOpaque()
            var obtained = SDL_AudioSpec()
            let id = SDL_OpenAudioDevice(nil, 0, &desired, &obtained, 0)
            guard id != 0 else {
                let reason = String(cString: SDL_GetError())
                SDL_QuitSubSystem(UInt32(SDL_INIT_AUDIO))
                return .failure(AudioDeviceError("no sound: SDL cannot open an audio device (\(reason))"))
            }
            return .success((id, obtained))
        }
        let (id, obtained) = try opened.get()
        device = id
        self.sampleRate = Int(obtained.freq)
        latencyFrames = 2 * Int(obtained.samples)  // the buffer being played and the one being filled
    }

    public func start(pulling pull: @escaping @Sendable (UnsafeMutableBufferPointer<Float>, Int) -> Void) throws {
        box.pull.withLock { $0 = pull }
        SDLAudio.serialized { SDL_PauseAudioDevice(device, 0) }
    }

    public func stop() {
        SDLAudio.serialized { SDL_PauseAudioDevice(device, 1) }
        box.pull.withLock { $0 = nil }
    }

    deinit {
        SDLAudio.serialized {
            SDL_CloseAudioDevice(device)
            SDL_QuitSubSystem(UInt32(SDL_INIT_AUDIO))
        }
    }
}

/// Why there is no sound: SDL's own reason, for the performer.
public struct AudioDeviceError: Error, CustomStringConvertible, Sendable {
    public let description: String
    public init(_ description: String) { self.description = description }
}
