import CSDL2
import Foundation

/// SDL's audio subsystem, used from several threads (the transport opening the speakers, listening opening an
/// input, a console asking which inputs there are): SDL does not make starting, opening, closing and asking
/// safe to do at once, so every such call goes through this one lock.
enum SDLAudio {
    private static let lock = NSLock()

    static func serialized<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
