import Composition
import Engine
import Hummingbird

/// A pair's sound as the analysis hears it, for the lab's preview of light from sound:
/// `GET /api/music/hearing?part=P&sound=V` (docs/composition.md).
extension MusicRoutes {
    static func addHearing<C: Clock>(to api: RouterGroup<LiveRequestContext>, session: LiveSession<C>) where C.Duration == Duration {
        api.get("/hearing") { request, _ in
            do {
                guard let music = session.music else { throw LiveError(.unavailable, "this instrument has no music library") }
                let query = try QueryText(request.uri.query)
                func id(_ name: String) throws -> Int64 {
                    guard let text = query[name], let id = Int64(text), id > 0 else {
                        throw APIRefusal(.badRequest, "name the pair: GET /api/music/hearing?part=PART&sound=VOICE, each an id")
                    }
                    return id
                }
                let part = PartID(try id("part")), sound = VoiceID(try id("sound"))
                let heard = try music.hearing(part: part, sound: sound)
                return APIAnswer.response(.ok, Hearing(part: part.rawValue, sound: sound.rawValue, partTempo: heard.part.tempo, mix: heard.mix))
            } catch {
                return LibraryRoutes.failure(error)
            }
        }
    }

    /// The answer: the mix's length, tempi and outline, and each kind of cue as [seconds, strength].
    struct Hearing: Encodable {
        let part: Int64
        let sound: Int64
        let seconds: Double
        let partTempo: Double
        let tempo: Double?
        let firstDownbeat: Double?
        let peaks: [Float]
        let cues: [String: [[Double]]]

        init(part: Int64, sound: Int64, partTempo: Double, mix: HeardMix) {
            (self.part, self.sound, self.partTempo) = (part, sound, partTempo)
            seconds = mix.heard.seconds
            tempo = mix.heard.tempo
            firstDownbeat = mix.heard.firstDownbeat
            peaks = mix.peaks
            cues = Dictionary(uniqueKeysWithValues: LightFollow.allCases.map { follow in
                (follow.rawValue, (mix.heard.cues[follow] ?? []).map { [$0.seconds, $0.strength] })
            })
        }

        private enum Key: String, CodingKey { case part, sound, seconds, partTempo, tempo, firstDownbeat, peaks, cues }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Key.self)
            try c.encode(part, forKey: .part)
            try c.encode(sound, forKey: .sound)
            try c.encode(seconds, forKey: .seconds)
            try c.encode(partTempo, forKey: .partTempo)
            try c.encode(tempo, forKey: .tempo)
            try c.encode(firstDownbeat, forKey: .firstDownbeat)
            try c.encode(peaks, forKey: .peaks)
            try c.encode(cues, forKey: .cues)
        }
    }
}
