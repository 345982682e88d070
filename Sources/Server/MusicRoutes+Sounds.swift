import Composition
import Engine
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// The composer's own sounds over HTTP (docs/composition.md): an audio file sent whole becomes a sound and a
/// voice that plays it, or takes the place of a voice's sound; each sound's outline for a miniature.
extension MusicRoutes {
    /// The largest audio file taken: what the library keeps (`AudioFile.largestFile`, 512 MiB).
    static let largestSoundFile = 512 << 20

    static func addSounds<C: Clock>(
        to api: RouterGroup<LiveRequestContext>, session: LiveSession<C>,
        respond: @escaping @Sendable (HTTPResponse.Status, (LiveMusic<C>) async throws -> [String: any Encodable & Sendable]) async -> Response
    ) where C.Duration == Duration {
        // POST /api/music/sounds?name=kick.wav[&parent=VOICE | &replace=VOICE], the file as the body.
        api.post("/sounds") { request, _ in
            await respond(.created) { music in
                let query = try QueryText(request.uri.query)
                guard let name = query["name"], !name.isEmpty else {
                    throw APIRefusal(.badRequest, "name the file: POST /api/music/sounds?name=kick.wav with the file as the body")
                }
                let placement = try placement(parent: query["parent"], replace: query["replace"])
                let file = try await UploadedFile.bytes(of: request, upTo: largestSoundFile)
                let brought = try music.bringInSound(file: file, named: name, as: placement, keptAt: session.transport?.sampleRate)
                await session.transport?.reload()
                return ["sound": brought.sound.rawValue, "voice": brought.voice.rawValue]
            }
        }
        api.get("/sounds/{id}/waveform") { _, context in
            do {
                guard let music = session.music else { throw LiveError(.unavailable, "this instrument has no music library") }
                guard let id = context.parameters.get("id").flatMap({ Int64($0) }) else {
                    throw APIRefusal(.notFound, "a sound is named by its id, a number")
                }
                let outline = try music.outline(of: SoundID(id))
                return APIAnswer.response(.ok, Waveform(sound: id, seconds: outline.seconds, peaks: outline.peaks))
            } catch {
                return LibraryRoutes.failure(error)
            }
        }
    }

    /// Where a sound sent goes: a new root voice, a new voice under `parent`, or in place of `replace`'s sound.
    static func placement(parent: String?, replace: String?) throws -> SoundPlacement {
        func voice(_ text: String, _ field: String) throws -> VoiceID {
            guard let id = Int64(text), id > 0 else { throw APIRefusal(.badRequest, "\(field) is a voice's id, a number") }
            return VoiceID(id)
        }
        switch (parent, replace) {
        case (nil, nil): return .newVoice(parent: nil)
        case (let parent?, nil): return .newVoice(parent: try voice(parent, "parent"))
        case (nil, let replaced?): return .replacing(try voice(replaced, "replace"))
        default: throw APIRefusal(.badRequest, "a sound goes under a parent voice or replaces a voice's sound, not both")
        }
    }

    /// A sound's outline: `GET /api/music/sounds/{id}/waveform`.
    struct Waveform: Encodable {
        let sound: Int64
        let seconds: Double
        let peaks: [Float]
    }
}

/// A request's body received into a temporary file as it comes, never more than a limit, then read back
/// whole: a large upload does not sit in memory twice while it arrives, and one past the limit is refused
/// as soon as it passes it.
enum UploadedFile {
    static func bytes(of request: Request, upTo limit: Int) async throws -> [UInt8] {
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > limit {
            throw APIRefusal(.contentTooLarge, "the file is \(length >> 20) MiB; the library keeps audio files of at most \(limit >> 20) MiB")
        }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("imager-upload-\(UUID().uuidString)")
        // No handle is answered in the else.
        guard FileManager.default.createFile(atPath: url.path, contents: nil), let handle = try? FileHandle(forWritingTo: url) else {
            throw LiveError(.notSaved, "cannot make a temporary file for the upload in \(url.deletingLastPathComponent().path)")
        }
        defer {
            try? handle.close()  // the upload is read back and checked below
            try? FileManager.default.removeItem(at: url)  // a temporary file: removing it is best effort
        }
        var received = 0
        do {
            for try await buffer in request.body {
                received += buffer.readableBytes
                guard received <= limit else {
                    throw APIRefusal(.contentTooLarge, "the file is larger than the \(limit >> 20) MiB the library keeps")
                }
                try handle.write(contentsOf: buffer.readableBytesView)
            }
        } catch let refusal as APIRefusal {
            throw refusal
        } catch {
            throw APIRefusal(.badRequest, "the file did not arrive whole: \(error)")
        }
        guard received > 0 else { throw APIRefusal(.badRequest, "the body is empty: send the audio file's bytes") }
        try handle.synchronize()
        guard let data = FileManager.default.contents(atPath: url.path), data.count == received else {
            throw LiveError(.notSaved, "the upload could not be read back from its temporary file")
        }
        return [UInt8](data)
    }
}

/// A request's query as the text it says, each value percent-decoded (and `+` a space) and refused when its
/// bytes are not UTF-8 — rather than read with stand-ins for what could not be decoded, as a name would then
/// be kept. A name given twice is refused too: which one was meant cannot be told.
struct QueryText {
    private var values: [String: String] = [:]

    init(_ query: String?) throws {
        for pair in (query ?? "").split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = try Self.decoded(parts[0]), value = try Self.decoded(parts.count > 1 ? parts[1] : "")
            guard values[key] == nil else { throw APIRefusal(.badRequest, "\(key.prefix(40)) is given more than once in the address") }
            values[key] = value
        }
    }

    subscript(key: String) -> String? { values[key] }

    private static func decoded(_ text: Substring) throws -> String {
        var bytes: [UInt8] = []
        var utf8 = text.utf8.makeIterator()
        while let byte = utf8.next() {
            switch byte {
            case UInt8(ascii: "+"): bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                guard let high = utf8.next().flatMap(hexValue), let low = utf8.next().flatMap(hexValue) else {
                    throw APIRefusal(.badRequest, "the address holds a % that is not followed by two hexadecimal digits")
                }
                bytes.append(high << 4 | low)
            default: bytes.append(byte)
            }
        }
        // Validated by the standard library, which keeps every scalar: Foundation's decoding drops a leading
        // byte-order mark, which the text rule must see to refuse.
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw APIRefusal(.badRequest, "the address holds text that is not UTF-8")
        }
        return text
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
