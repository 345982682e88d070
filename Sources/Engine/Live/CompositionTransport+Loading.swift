import Audio
import Composition
import Instrument

/// What the transport loads and how: a composition, a pair or a sound of the library, laid out with its sounds
/// and its light.
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
}
