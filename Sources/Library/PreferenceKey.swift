import DMX
import Foundation
import Instrument
import UserText

/// A preference the library keeps between runs (the UserDefaults of seeds 000 and 002): its name, its
/// value when never set, and the rule a value must follow.
public struct PreferenceKey<Value: Codable & Sendable>: Sendable {
    public let name: String
    public let defaultValue: Value
    let validate: @Sendable (Value) throws(LibraryError) -> Void

    /// Which panels are shown, by name; seed 000's first-run map.
    public static var panelVisibility: PreferenceKey<[String: Bool]> {
        PreferenceKey<[String: Bool]>(
            name: "panelVisibility",
            defaultValue: [
                "color": true, "form": true, "canvas": true, "motion": true, "chordset": true, "triggerpads": true,
                "settings": false, "chordsetList": false,
            ],
            validate: { (map) throws(LibraryError) in
                // "listening" (the Listening panel), "fixtures" (the Fixtures panel) and "outputs" (the Outputs
                // panel) came later: not in the first-run map, hidden until shown.
                let known: Set = [
                    "color", "form", "canvas", "motion", "chordset", "triggerpads", "settings", "chordsetList", "listening", "fixtures", "outputs",
                ]
                guard let unknown = map.keys.first(where: { !known.contains($0) }) else { return }
                throw LibraryError(.invalid, "there is no panel \"\(UserText.printable(unknown))\"; the panels are \(known.sorted().joined(separator: ", "))")
            })
    }

    /// The index of the chordset on the pads.
    public static var currentChordset: PreferenceKey<Int> {
        PreferenceKey<Int>(name: "currentChordset", defaultValue: 0, validate: { (index) throws(LibraryError) in
            guard index >= 0 else { throw LibraryError(.invalid, "a chordset index is 0 or more; \(index) is not") }
        })
    }

    /// The tempo in beats per minute.
    public static var tempo: PreferenceKey<Double> {
        PreferenceKey<Double>(name: "tempo", defaultValue: 120, validate: { (bpm) throws(LibraryError) in
            guard bpm.isFinite, Tempo.range.contains(bpm) else { throw LibraryError(.invalid, "the tempo is 20 to 300 BPM; \(bpm) is not") }
        })
    }

    /// The size of rendered and recorded output, in pixels.
    public static var outputSize: PreferenceKey<[Int]> {
        PreferenceKey<[Int]>(name: "outputSize", defaultValue: [1920, 1080], validate: { (size) throws(LibraryError) in
            guard size.count == 2, size.allSatisfy({ (16...8192).contains($0) }) else {
                throw LibraryError(.invalid, "an output size is a width and a height of 16 to 8192 pixels")
            }
        })
    }

    /// MIDI controls bound to the instrument's controls (OSC-style addresses), at most 512.
    public static var midiMappings: PreferenceKey<[String: String]> {
        PreferenceKey<[String: String]>(name: "midiMappings", defaultValue: [:], validate: { (map) throws(LibraryError) in
            guard map.count <= 512 else { throw LibraryError(.invalid, "at most 512 MIDI mappings are kept; this has \(map.count)") }
            guard try keptMappings(map) == map else {
                throw LibraryError(.invalid, "a MIDI mapping's strings are kept composed (NFC) and without spaces at their ends")
            }
        })
    }

    /// Where the instrument sends OSC as it plays, besides `--osc-out` (at most 16 `HOST:PORT` targets).
    public static var oscOut: PreferenceKey<[String]> {
        PreferenceKey<[String]>(name: "oscOut", defaultValue: [], validate: { (targets) throws(LibraryError) in
            guard targets.count <= 16 else { throw LibraryError(.invalid, "at most 16 OSC targets are kept; this has \(targets.count)") }
            for target in targets {
                let read: NetworkTarget
                do throws(UserTextError) { read = try NetworkTarget(target) } catch {
                    throw LibraryError(.invalid, error.description, cause: error)
                }
                guard read.description == target else { throw LibraryError(.invalid, "an OSC target is kept as “\(read)”, not “\(target)”") }
            }
        })
    }

    /// Where the fixtures' DMX goes, besides `--dmx` (at most 16: `artnet:HOST:PORT`, `sacn:HOST:PORT`,
    /// `sacn:multicast`, each as `DMXTarget` keeps it).
    public static var dmx: PreferenceKey<[String]> {
        PreferenceKey<[String]>(name: "dmx", defaultValue: [], validate: { (targets) throws(LibraryError) in
            guard targets.count <= 16 else { throw LibraryError(.invalid, "at most 16 DMX targets are kept; this has \(targets.count)") }
            for target in targets {
                let read: DMXTarget
                do throws(UserTextError) { read = try DMXTarget(target) } catch {
                    throw LibraryError(.invalid, error.description, cause: error)
                }
                guard read.description == target else { throw LibraryError(.invalid, "a DMX target is kept as “\(read)”, not “\(target)”") }
            }
        })
    }

    /// The instrument's sACN component identifier (a UUID), made at the first start and kept, so receivers
    /// know it as the same source from run to run (nil until then).
    public static var dmxSourceID: PreferenceKey<String?> {
        PreferenceKey<String?>(name: "dmxSourceID", defaultValue: nil, validate: { (id) throws(LibraryError) in
            guard let id, UUID(uuidString: id) == nil else { return }
            throw LibraryError(.invalid, "a DMX source's identifier is a UUID")
        })
    }

    /// What the console's controls held when last kept (nil until then).
    public static var controls: PreferenceKey<PerformanceState.Controls?> {
        PreferenceKey<PerformanceState.Controls?>(name: "controls", defaultValue: nil, validate: { (controls) throws(LibraryError) in
            do throws(InstrumentError) { try controls?.validate() } catch { throw LibraryError(.invalid, error.description, cause: error) }
        })
    }

    /// `map` with its controls and targets taken by the text rule (`UserText`: controls at most 64
    /// characters, targets 200), or the rule's refusal.
    static func keptMappings(_ map: [String: String]) throws(LibraryError) -> [String: String] {
        var kept: [String: String] = [:]
        for (control, target) in map {
            do throws(UserTextError) {
                kept[try UserText.checked(control, as: "a MIDI mapping's control", maximumLength: 64)] =
                    try UserText.checked(target, as: "a MIDI mapping's target")
            } catch {
                throw LibraryError(.invalid, error.description, cause: error)
            }
        }
        return kept
    }
}
