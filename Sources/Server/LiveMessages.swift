import Control
import Engine
import Fixtures
import Foundation
import Instrument
import StageOutputs

/// The JSON the server sends on `/live` (docs/live-protocol.md).
enum LiveMessages {
    /// The largest message a client may send, and how deep its JSON may nest: checked before decoding.
    static let maximumMessageSize = 64 * 1024
    static let maximumNesting = 32

    private struct Snapshot: Encodable {
        let type = "snapshot"
        let state: EngineSnapshot
    }

    /// Only what changed: a pad press does not resend the chordset (which can be hundreds of kilobytes).
    private struct Changed: Encodable {
        let type = "changed"
        let aspects: [String]
        let time: Double
        /// The engine's revision of the state after the change: of two, the higher is newer.
        let revision: Int
        var colors: ColorSelection?
        var pulse: Pulse?
        var design: Lumi?
        var lumiCount: Int?
        var chordset: Chordset?
        var selectedChord: Int?
        var pads: TriggerPads?
        var liveLumis: Int?
        var polyphony: Int?
        var stolenLumis: Int?
        var trailPersistence: Double?
        var headroom: Double?
        var tempo: Double?
        var soundResponse: SoundResponse?
    }

    private struct Failure: Encodable {
        let type = "error"
        let message: String
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()

    static func snapshot(_ state: EngineSnapshot) -> String { text(Snapshot(state: state)) }

    static func changed(_ aspects: Set<PerformanceState.Aspect>, _ state: EngineSnapshot) -> String {
        var change = Changed(aspects: aspects.map { "\($0)" }.sorted(), time: state.time, revision: state.revision)
        for aspect in aspects {
            switch aspect {
            case .colors: change.colors = state.colors; change.pulse = state.pulse
            case .design:
                change.design = state.design
                change.lumiCount = state.lumiCount
            case .chordset: change.chordset = state.chordset
            case .selectedChord: change.selectedChord = state.selectedChord
            case .pads: change.pads = state.pads
            case .canvas:
                change.liveLumis = state.liveLumis
                change.polyphony = state.polyphony
                change.stolenLumis = state.stolenLumis
                change.trailPersistence = state.trailPersistence
                change.headroom = state.headroom
            case .tempo: change.tempo = state.tempo
            case .listening: change.soundResponse = state.soundResponse
            // What is heard reaches clients as `heard` messages of its own, a few times fewer a second.
            case .heard: break
            }
        }
        return text(change)
    }

    static func error(_ message: String) -> String { text(Failure(message: message)) }

    private struct Forms: Encodable {
        let type = "forms"
        let forms: [FormGeometry]
    }

    /// The geometry of `forms`, each under its index in the form table.
    static func forms(_ forms: ArraySlice<Form>) -> String {
        text(Forms(forms: zip(forms.indices, forms).map { FormGeometry(index: $0, form: $1) }))
    }

    private struct Recording: Encodable {
        let type = "recording"
        let on: Bool
        var file: String?
        var problem: String?
    }

    private struct LibraryChange: Encodable {
        let type = "library"
        let revision: Int
    }

    private struct Transport: Encodable {
        let type = "transport"
        let status: TransportStatus

        func encode(to encoder: any Encoder) throws {
            try status.encode(to: encoder)
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(type, forKey: .type)
        }

        private enum Key: String, CodingKey { case type }
    }

    /// Where the composition transport is: `{"type": "transport", "composition", "playing", "seconds", …}`.
    static func transport(_ status: TransportStatus) -> String { text(Transport(status: status)) }

    private struct MusicChange: Encodable {
        let type = "music"
        let revision: Int
    }

    /// The music library changed: editors fetch it again.
    static func music(revision: Int) -> String { text(MusicChange(revision: revision)) }

    private struct RenderChange: Encodable {
        let type = "render"
        let render: RenderStatus
    }

    /// A render moved on, ended, or was asked for: the lab's render dialog follows it.
    private struct HeardMessage: Encodable {
        let type = "heard"
        let status: ListeningStatus

        private enum Key: String, CodingKey { case type, source, hearing, problem, lost, silent, level, peak, bands, onset, onsets, tempo, gated }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Key.self)
            try c.encode(type, forKey: .type)
            try c.encode(status.source, forKey: .source)
            try c.encode(status.hearing, forKey: .hearing)
            try c.encode(status.problem, forKey: .problem)
            try c.encode(status.lost, forKey: .lost)
            try c.encode(status.silent, forKey: .silent)
            try c.encode(status.level, forKey: .level)
            try c.encode(status.peak, forKey: .peak)
            try c.encode(status.bands, forKey: .bands)
            try c.encode(status.onset, forKey: .onset)
            try c.encode(status.onsets, forKey: .onsets)
            try c.encode(status.tempo, forKey: .tempo)
            try c.encode(status.gated, forKey: .gated)
        }
    }

    /// What the instrument hears: `{"type":"heard", "level", "peak", "bands", "onset", "onsets", "tempo", …}`.
    static func heard(_ status: ListeningStatus) -> String { text(HeardMessage(status: status)) }

    static func render(_ status: RenderStatus) -> String { text(RenderChange(render: status)) }

    /// The chordset library changed: consoles fetch its list again.
    static func library(revision: Int) -> String { text(LibraryChange(revision: revision)) }

    /// Whether the performance is being recorded; when it stops, the file it was saved to; what went wrong
    /// with it, when something did (its disk failed and it was stopped, or its sound cannot be kept).
    static func recording(_ on: Bool, file: String? = nil, problem: String? = nil) -> String {
        text(Recording(on: on, file: file, problem: problem))
    }

    static func text<T: Encodable>(_ value: T) -> String {
        // Our own values always encode; were one not to, it is logged and the client told, never silent.
        do { return String(decoding: try encoder.encode(value), as: UTF8.self) } catch {
            APIAnswer.logger.error("a live message of type \(T.self) could not be written: \(error)")
            return #"{"type":"error","message":"the server could not write this message"}"#
        }
    }

    /// What a client can ask: an intent for the engine, or the server's own requests.
    enum Request {
        case intent(Intent)
        /// `{"type": "record", "on": true}` starts recording; `false` stops and saves it.
        case record(Bool)
        /// `{"type": "chordsetStep", "offset": 1}` plays the next chordset of the library's list (−1: the
        /// previous one).
        case stepChordset(Int)
        /// `{"type": "canvasReport", …}`: a canvas page's report of its own drawing.
        case canvasReport(CanvasReport)
        /// `{"type": "transport", "action": "play", "composition": "Demo"}` and the other transport commands.
        case transport(TransportCommand)
        /// `{"type": "link", "enabled": true, "quantum": 4}` joins (or leaves) the Link session.
        case link(enabled: Bool, quantum: Double?)
        /// `{"type": "fixtures", "blackout": true}`, `{"type": "fixtures", "master": 0.8}`, `{"type":
        /// "fixtures", "toggleBlackout": true}` or `{"type": "fixtures", "fire": "Smoke", "on": true}`: the
        /// fixtures' controls, as `PATCH /api/fixtures` changes them (what MIDI's Blackout button, Fixtures master
        /// control and Fire buttons send; a Fire button fires its one fixture, whatever else is fired).
        case fixtures(FixtureControlsChange)
        /// `{"type": "identifyOutput", "name": "Left"}`: the canvases showing that output show its name large.
        case identifyOutput(String)
    }

    private struct IdentifyRequest: Decodable { let name: String }

    /// A change of the fixtures' controls asked over the live socket: any of them, at least one.
    struct FixtureControlsRequest: Decodable, Sendable {
        let master: Double?
        let blackout: Bool?
        let toggleBlackout: Bool?
        /// A fixture the stage never drives, fired (`on`) or let go.
        let fire: String?
        let on: Bool?

        var isEmpty: Bool { master == nil && blackout == nil && toggleBlackout != true && fire == nil }

        /// The change it asks for.
        var change: FixtureControlsChange {
            FixtureControlsChange(
                master: master, blackout: blackout, togglesBlackout: toggleBlackout == true,
                fire: fire.flatMap { name in on.map { FixtureControlsChange.Fired(name: name, on: $0) } })
        }
    }

    private struct LinkRequest: Decodable {
        let enabled: Bool
        let quantum: Double?
    }

    /// A value's own fields with a `"type"` beside them.
    struct Typed<Value: Encodable>: Encodable {
        let type: String
        let value: Value

        private enum Key: String, CodingKey { case type }

        func encode(to encoder: any Encoder) throws {
            try value.encode(to: encoder)
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(type, forKey: .type)
        }
    }

    /// Where the Link session is: `{"type":"link", "enabled", "peers", "tempo", "beat", "phase", "quantum", "playing",
    /// "phaseErrorMilliseconds"}`.
    static func link(_ status: LinkStatus) -> String { text(Typed(type: "link", value: status)) }

    /// A transport request: `action` is play (with `composition`, or `part` and `voice` ids for a pair, or none
    /// to play on), preview (with `sound`, a sound's id), stop, locate (with `seconds`) or loop (with `part`, from 1; or `from` and `to`, in seconds;
    /// or neither, to stop looping).
    private struct TransportRequest: Decodable {
        let action: String
        let composition: String?
        let seconds: Double?
        let part: Int?
        let voice: Int?
        let sound: Int?
        let from: Double?
        let to: Double?

        var command: Result<TransportCommand, IntentRefusal> {
            switch action {
            case "play":
                if let composition, composition.isEmpty || composition.count > 200 { return .failure(IntentRefusal("a composition's name is 1 to 200 characters")) }
                switch (part, voice, composition) {
                case (nil, nil, _): return .success(.play(composition))
                case (let part?, let voice?, nil): return .success(.playPair(part: Int64(part), voice: Int64(voice)))
                default: return .failure(IntentRefusal("play names a composition, or a pair by its \"part\" and \"voice\" ids, or nothing"))
                }
            case "preview":
                guard let sound else { return .failure(IntentRefusal("preview needs \"sound\", a sound's id")) }
                return .success(.preview(sound: Int64(sound)))
            case "stop": return .success(.stop)
            case "locate":
                guard let seconds, seconds.isFinite else { return .failure(IntentRefusal("locate needs \"seconds\", a number")) }
                return .success(.locate(seconds: seconds))
            case "loop":
                if let from, let to { return .success(.loopSeconds(from, to)) }
                guard from == nil, to == nil else { return .failure(IntentRefusal("a loop of seconds needs both \"from\" and \"to\"")) }
                return .success(.loopPart(part))
            default: return .failure(IntentRefusal("a transport's action is play, preview, stop, locate or loop, not \(action.prefix(40))"))
            }
        }
    }

    private struct Kind: Decodable { let type: String }
    private struct Record: Decodable { let on: Bool }
    private struct Step: Decodable { let offset: Int }

    /// Reads a client's message, or says why not. Size and nesting are checked before any decoding (a deeply
    /// nested message could exhaust a task's stack in the decoder).
    static func request(from text: String) -> Result<Request, IntentRefusal> {
        guard text.utf8.count <= maximumMessageSize else {
            return .failure(IntentRefusal("the message is \(text.utf8.count) bytes; at most \(maximumMessageSize)"))
        }
        guard !JSONNesting.exceeds(maximumNesting, in: text.utf8) else {
            return .failure(IntentRefusal("the message is nested more than \(maximumNesting) deep"))
        }
        let intent = intent(from: text)
        // Intents are nearly all a client sends: read as one first; the server's own requests after.
        if case .success(let read) = intent { return .success(.intent(read)) }
        do {
            switch (try? JSONDecoder().decode(Kind.self, from: Data(text.utf8)))?.type {  // no type: default answers with the intent's refusal
            case "record": return .success(.record(try JSONDecoder().decode(Record.self, from: Data(text.utf8)).on))
            case "chordsetStep":
                let offset = try JSONDecoder().decode(Step.self, from: Data(text.utf8)).offset
                guard offset == 1 || offset == -1 else { return .failure(IntentRefusal("a chordset step is 1 or -1, not \(offset)")) }
                return .success(.stepChordset(offset))
            case "transport":
                return try JSONDecoder().decode(TransportRequest.self, from: Data(text.utf8)).command.map { .transport($0) }
            case "link":
                let link = try JSONDecoder().decode(LinkRequest.self, from: Data(text.utf8))
                return .success(.link(enabled: link.enabled, quantum: link.quantum))
            case "fixtures":
                let change = try JSONDecoder().decode(FixtureControlsRequest.self, from: Data(text.utf8))
                guard !change.isEmpty else {
                    return .failure(IntentRefusal(#"say what to change: {"type": "fixtures", "blackout": true}, "master" (0…1), "toggleBlackout": true or "fire": NAME with "on""#))
                }
                guard (change.fire == nil) == (change.on == nil) else { return .failure(IntentRefusal(#"a fixture fired says "on": true or false"#)) }
                return .success(.fixtures(change.change))
            case "identifyOutput":
                return .success(.identifyOutput(try JSONDecoder().decode(IdentifyRequest.self, from: Data(text.utf8)).name))
            case "canvasReport":
                let report = try JSONDecoder().decode(CanvasReport.self, from: Data(text.utf8))
                if let problem = report.problem { return .failure(IntentRefusal(problem)) }
                return .success(.canvasReport(report))
            default: return intent.map { .intent($0) }
            }
        } catch let error as DecodingError {
            return .failure(IntentRefusal("not a request: \(DecodingProblem(error))"))
        } catch {
            return .failure(IntentRefusal("not a request: \(error)"))
        }
    }

    /// Reads an intent from a message already checked for size and nesting, or says why not.
    private static func intent(from text: String) -> Result<Intent, IntentRefusal> {
        do {
            return .success(try JSONDecoder().decode(Intent.self, from: Data(text.utf8)))
        } catch let error as DecodingError {
            return .failure(IntentRefusal("not an intent: \(DecodingProblem(error))"))
        } catch {
            return .failure(IntentRefusal("not an intent: \(error)"))
        }
    }
}

/// Why a client's message was refused.
struct IntentRefusal: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
