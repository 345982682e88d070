import Engine
import Foundation
import Instrument
import Recordings

/// The recordings folder as the live instrument's store of recordings: each recording journaled to a file
/// as it is played, and closed into a performance log when it stops or, after a crash, at the next start.
struct FolderRecordings: RecordingStore {
    let folder: RecordingFolder

    func begin(_ start: PerformanceLog, following previous: String?) throws -> any RecordingJournal {
        try folder.begin(start, following: previous.map(URL.init(fileURLWithPath:)))
    }

    func recoverUnfinished() throws -> [RecoveredRecording] {
        try folder.recoverUnfinished().map { outcome in
            switch outcome {
            case .closed(let saved):
                RecoveredRecording(location: saved.log.path, events: saved.events, until: saved.until, problem: saved.problem)
            case .setAside(let damaged, let error):
                RecoveredRecording(location: damaged.path, events: 0, until: 0, problem: error.message)
            case .notClosed(let journal, let error):
                RecoveredRecording(location: journal.path, events: 0, until: 0, problem: error.message)
            }
        }
    }
}

extension PerformanceJournal: RecordingJournal {
    public var heldForTheDisk: String {
        "\(Self.queueLimit >> 20) MB of events, \(HeardSoundJournal.queuedSeconds) s of sound and \(HearingsJournal.queueLimit / 100) s of the sound's levels"
    }

    public func keepSound(sampleRate: Int, channels: Int) throws -> any SoundJournal {
        let kept: HeardSoundJournal = try keepSound(sampleRate: sampleRate, channels: channels)
        return kept
    }
}

extension HeardSoundJournal: SoundJournal {}
