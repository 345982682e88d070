import Audio
import Composition
import Instrument

/// What the transport loads and how it reads it: a composition laid out with its sounds and light, the light
/// as it stands at a frame, and the status it tells.
extension CompositionTransport {
    /// A composition loaded to play.
    struct Loaded {
        let source: Source
        let name: String
        let pair: Pair
        var performance: Performance
        /// The light, each at the frame it is heard.
        let light: [(frame: Int, intent: Intent)]
        let parts: [(name: String, seconds: Range<Double>)]
        /// The light left out, why, in a line (a chord no longer in the library, a chordset that cannot be read).
        let lightProblem: String?
        var frameCount: Int { performance.arrangement.frameCount }
    }

    /// What `source` plays, laid out at the transport's rate with its sounds and its light; a sound that
    /// cannot be loaded is `notSaved`, a composition or pair that is not there `notFound`.
    func load(_ source: Source) throws(LiveError) -> Loaded {
        do {
            let found = switch source {
            case .composition(let name): try shelf.composition(named: name, sampleRate: sampleRate)
            case .pair(let pair): try shelf.pair(pair, sampleRate: sampleRate)
            case .sound(let sound): try shelf.sound(sound, sampleRate: sampleRate)
            }
            let sounds: [SoundID: AudioBuffer]
            do { sounds = try shelf.samples(for: found.arrangement) } catch {
                throw LiveError(.notSaved, "the sounds of \(found.name) cannot be played", cause: error)
            }
            let performance = try Performance(found.arrangement, sounds: sounds)
            let score = try LightScore(found.arrangement) { try shelf.chord($0) }
            let light = score.events.map { (frame: Int(($0.time * Double(sampleRate)).rounded()), intent: $0.intent) }
            return Loaded(
                source: source, name: found.name, pair: found.pair, performance: performance, light: light, parts: found.parts,
                lightProblem: score.leftOut.isEmpty ? nil : score.leftOut.joined(separator: "; "))
        } catch let error as LiveError {
            throw error
        } catch {
            let what = switch source {
            case .composition(let name): name
            case .pair(let pair): "the pair of part \(pair.part.rawValue) and voice \(pair.voice.rawValue)"
            case .sound(let sound): "the sound \(sound.rawValue)"
            }
            throw LiveError(.notFound, "cannot play \(what)", cause: error)
        }
    }

    /// The light as it stands at `frame` of `light`: the chord each voice lit then holds, the tempo taken up
    /// last, and the index of the next light to fire.
    static func standing(in light: [(frame: Int, intent: Intent)], at frame: Int) -> (lit: [Int: Intent], tempo: Intent?, next: Int) {
        var lit: [Int: Intent] = [:]
        var tempo: Intent?
        var next = 0
        while next < light.count, light[next].frame <= frame {
            switch light[next].intent {
            case .lightDown(let voice, _, _): lit[voice] = light[next].intent
            case .lightUp(let voice): lit[voice] = nil
            case .tempo: tempo = light[next].intent
            default: break
            }
            next += 1
        }
        return (lit, tempo, next)
    }

    /// Notes that `intent` lights or lets go of its voice.
    static func note(_ intent: Intent, in lit: inout Set<Int>) {
        switch intent {
        case .lightDown(let voice, _, _): lit.insert(voice)
        case .lightUp(let voice): lit.remove(voice)
        default: break
        }
    }

    /// What the transport says of `core`, heard at frame `heard`.
    static func status(of core: Core, heard: Int, rate: Int) -> TransportStatus {
        guard let loaded = core.loaded else { return .idle }
        let loop = loaded.performance.loop.map { [Double($0.lowerBound) / Double(rate), Double($0.upperBound) / Double(rate)] }
        // A sound previewed plays a pair made for it alone: its ids are nobody's in the library.
        let previewed: SoundID? = if case .sound(let sound) = loaded.source { sound } else { nil }
        return TransportStatus(
            composition: loaded.name, part: previewed == nil ? loaded.pair.part.rawValue : nil, voice: previewed == nil ? loaded.pair.voice.rawValue : nil,
            playing: core.playing, seconds: Double(min(heard, loaded.frameCount)) / Double(rate), duration: Double(loaded.frameCount) / Double(rate),
            loop: loop, parts: loaded.parts.map(\.name), soundProblem: nil, sound: previewed?.rawValue, lightProblem: loaded.lightProblem)
    }
}
