import Composition
import Engine
import Foundation
import Instrument
import Library
import UserText

/// The lab's renders as the command line's (`CompositionRender`), into a `renders` folder beside the
/// library: a composition or a pair of the library, to WAV, FLAC, an MP4 of its light with the mix, or the DMX
/// its light sends the library's fixtures (CSV).
struct LibraryRenderer: CompositionRenderer {
    let library: ChordsetLibrary
    /// Where the files go: `renders/` beside the library.
    let folder: URL
    /// The mix's rate.
    var sampleRate = 48_000

    init(library: ChordsetLibrary, beside location: URL) {
        self.library = library
        folder = location.deletingLastPathComponent().appendingPathComponent("renders", isDirectory: true)
    }

    func name(of request: RenderRequest) throws -> String {
        try source(of: request).name
    }

    func render(
        _ request: RenderRequest, progress: @escaping @Sendable (RenderStage, Double) -> Void, cancelled: @escaping @Sendable () -> Bool
    ) throws -> URL {
        let (music, pair, name) = try source(of: request)
        let render: CompositionRender
        do { render = try CompositionRender(pair, of: music, named: name, in: library, sampleRate: sampleRate) } catch {
            throw LiveError(.invalid, error.message)
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw LiveError(.notSaved, "cannot make the folder \(folder.path) for renders", cause: error)
        }
        let target = freeFile(named: UserText.fileName(for: name, otherwise: "render"), extension: request.format.fileExtension)
        let told = { (stage: RenderStage) in
            CompositionRender.Progress(told: { progress(stage, $1 > 0 ? Double($0) / Double($1) : 1) }, cancelled: cancelled)
        }
        do {
            switch request.format {
            case .wav, .flac:
                try render.writeMix(to: target, told(.mix))
            case .mp4(let width, let height, let fps):
                // The mix first, in a file of its own beside the video, muxed in and then let go.
                let mix = folder.appendingPathComponent(".\(UUID().uuidString).mix.wav")
                defer { try? FileManager.default.removeItem(at: mix) }  // a temporary mix: removing it is best effort
                try render.writeMix(to: mix, told(.mix))
                // Over every core, on threads niced as this one is: the live instrument comes first.
                let video = CompositionRender.Video(
                    url: target, width: width, height: height, fps: fps, bands: { NicedThreads.offline.perform($0, $1) })
                try render.writeVideo(video, audio: mix, told(.video))
            case .dmx(let rate):
                let seconds = Double(render.arrangement.frameCount) / Double(render.arrangement.sampleRate)
                let log: PerformanceLog
                do { log = try render.light().performanceLog() } catch { throw CommandFailure("the light cannot be played: \(error)") }
                try DMXValuesFile.write(log, seconds: seconds, from: 0, rate: rate, patchOf: library, to: target.path, told(.dmx))
            }
        } catch let failure as CommandFailure {
            try? FileManager.default.removeItem(at: target)  // the failure is thrown next
            throw LiveError(.notSaved, failure.message)
        } catch {
            try? FileManager.default.removeItem(at: target)  // the failure is thrown next
            throw error
        }
        return target
    }

    /// What `request` names: the library as read, the pair and what it is called.
    private func source(of request: RenderRequest) throws -> (music: MusicLibrary, pair: Pair, name: String) {
        let music: MusicLibrary
        do { music = try library.musicLibrary() } catch { throw LiveError(error) }
        switch request.source {
        case .composition(let id):
            guard let composition = music.compositions[id] else { throw LiveError(.notFound, "there is no composition \(id) in the library") }
            return (music, composition.pair, composition.name)
        case .pair(let pair):
            do {
                return (music, pair, "\(try music.part(pair.part).name) × \(try music.voice(pair.voice).name)")
            } catch {
                throw LiveError(.notFound, error.description)
            }
        }
    }

    /// `name.ext` in the folder, or `name 2.ext`, `name 3.ext`… the first that is not there yet.
    private func freeFile(named name: String, extension fileExtension: String) -> URL {
        var number = 1
        while true {
            let url = folder.appendingPathComponent(number == 1 ? "\(name).\(fileExtension)" : "\(name) \(number).\(fileExtension)")
            if !FileManager.default.fileExists(atPath: url.path) { return url }
            number += 1
        }
    }
}
