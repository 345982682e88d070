import Engine
import Foundation
import Instrument
import Recordings

/// The recordings folder as the live instrument's store of recordings: each recording journaled to a file
/// as it is played, and closed into a performance log when it stops or, after a crash, at the next start.
struct FolderRecordings: RecordingStore {
    let folder: RecordingFolder

    func begin(_ start: PerformanceLog) throws -> any RecordingJournal {
        try folder.begin(start)
    }

    func recoverUnfinished() throws -> [RecoveredRecording] {
        try folder.recoverUnfinished().map { RecoveredRecording(location: $0.log.path, events: $0.events, until: $0.until) }
    }
}

extension PerformanceJournal: RecordingJournal {}
