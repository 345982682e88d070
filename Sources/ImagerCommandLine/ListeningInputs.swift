import AudioDevice
import AudioFiles
import Engine
import Foundation
import Synchronization

extension SDLAudioInput: SoundInput {}
extension PacedSoundInput: SoundInput {}

/// The inputs `imager serve` listens to: SDL2's capture for the default input and devices by name, and a
/// file decoded whole and played as an input (over and over) for `--listen FILE`.
enum ListeningInputs {
    /// Opens `source`; nil for `.none`. Throws a performer's reason (not audio, no such device, refused).
    @Sendable static func open(_ source: ListeningSource) throws -> (any SoundInput)? {
        switch source {
        case .none: return nil
        case .defaultInput: return try SDLAudioInput(device: nil)
        case .device(let name): return try SDLAudioInput(device: name)
        case .file(let path):
            let url = URL(fileURLWithPath: path)
            return PacedSoundInput(try AudioFile.read(url), name: "file: \(url.lastPathComponent)")
        }
    }

    /// The capture devices there are now — asked of SDL at most every few seconds, however often consoles ask.
    @Sendable static func deviceNames() -> [String] {
        let now = ContinuousClock.now
        if let (names, at) = known.withLock({ $0 }), at.duration(to: now) < .seconds(3) { return names }
        let names = SDLAudioInput.deviceNames()
        known.withLock { $0 = (names, now) }
        return names
    }

    private static let known = Mutex<([String], ContinuousClock.Instant)?>(nil)
}
