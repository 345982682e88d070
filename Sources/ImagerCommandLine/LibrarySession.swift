import DMX
import Audio
import Engine
import Foundation
import Library
import Server

/// The live session `imager serve` plays, put together over an opened library: the chordset list (its
/// thumbnails drawn in the background and kept beside the library), the composition transport, the music
/// library's edits, the damaged records' repairs and the renders (kept in `renders/` beside the library) — the library's adapters wrapped into the use cases'
/// ports. The benchmarks build the same session.
public enum LibrarySession {
    public static func make(
        instrument: LiveInstrument<ContinuousClock>, library: ChordsetLibrary, at location: URL,
        openSound: (@Sendable () throws -> any AudioOutput)?, listening: LiveListening<ContinuousClock>? = nil,
        link: (any TempoSession)? = nil, lightLatency: Double = 0, followers: OSCFollowers? = nil,
        dmx: [DMXTarget] = [], dmxRate: Int = LiveFixtures.defaultRate, dmxSourceID: [UInt8] = []
    ) -> LiveSession<ContinuousClock> {
        let transport = CompositionTransport(
            instrument: instrument, shelf: LibraryCompositions(library: library), lightLatency: .seconds(lightLatency), openOutput: openSound)
        let music = LiveMusic(instrument: instrument, shelf: LibraryMusic(library: library))
        let chordsets = LiveLibrary(
            instrument: instrument, catalog: LibraryShelf(library: library), thumbnails: RenderedThumbnails(),
            keptIn: ThumbnailFolder(beside: location), failed: { print("warning: \($0)") })
        chordsets.drawThumbnails()  // in the background: those a restart finds kept are not drawn again
        // Revisions counted from the wall clock's milliseconds: they rise across restarts, so a console's copy
        // from before one is never taken for the newest.
        let firstRevision = Int(Date().timeIntervalSince1970 * 1000)
        let fixtures = LiveFixtures(
            shelf: LibraryShelf(library: library), profiles: DefinitionShelf(folders: .standard(userData: LibraryLocation.dataFolder())), commandLine: dmx, rate: dmxRate,
            firstRevision: firstRevision, transmitter: { DMXSender(target: $0, cid: dmxSourceID, said: { print("warning: \($0)") }) })
        fixtures.follow(kept: library.preferenceOrDefault(.dmx).value)
        do throws(LiveError) {
            for problem in try fixtures.load() { print("warning: \(problem)") }
        } catch {
            print("warning: the fixture patch cannot be read: \(error)")
        }
        let outputs = LiveOutputs(shelf: LibraryShelf(library: library), firstRevision: firstRevision)
        do throws(LiveError) {
            for problem in try outputs.load() { print("warning: \(problem)") }
        } catch {
            print("warning: the stage's outputs cannot be read: \(error)")
        }
        return LiveSession(
            instrument: instrument, library: chordsets, transport: transport, music: music,
            repairs: LiveRepairs(instrument: instrument, repairs: LibraryRepairShelf(library: library), music: music),
            renderer: LibraryRenderer(library: library, beside: location), listening: listening,
            listeningDevices: ListeningInputs.deviceNames,
            link: link.map { LiveLink(instrument: instrument, session: $0, outputLatency: lightLatency, transport: transport) },
            followers: followers, fixtures: fixtures, outputs: outputs)
    }
}
