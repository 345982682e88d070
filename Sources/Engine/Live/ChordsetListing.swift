import Foundation
import Instrument

/// The chordset list as a console shows it: every chordset in order with, for each chord, the colour of
/// its button, and the version of its thumbnails once they are drawn; which chordset is playing; and the
/// library's revision.
public struct ChordsetListing: Hashable, Sendable {
    /// One chord as the list and the chordset panel show it.
    public struct ListedChord: Hashable, Sendable {
        /// 1…8.
        public var number: Int
        /// Its background at the centres of its hue and purity ranges.
        public var color: RGBAColorBytes
    }

    /// One chordset of the list.
    public struct ListedChordset: Hashable, Sendable {
        public var id: UUID
        /// Its place in the list, from 1.
        public var number: Int
        public var title: String
        public var headroom: Double?
        public var chords: [ListedChord]
        /// The version of its thumbnails (changed whenever what they show changes), once they are drawn.
        public var thumbnails: String?
    }

    /// The library's changes since the server started: of two listings, the higher is newer.
    public var revision: Int
    /// The chordset playing.
    public var current: UUID
    public var chordsets: [ListedChordset]
}

/// A colour as eight-bit red, green and blue, for a button.
public struct RGBAColorBytes: Hashable, Sendable {
    public var red: UInt8, green: UInt8, blue: UInt8

    /// `#rrggbb`.
    public var hex: String {
        "#" + [red, green, blue].map { String($0, radix: 16).leftPadded(to: 2) }.joined()
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}

extension ChordsetListing.ListedChordset {
    /// A chordset as the list shows it, with the version of its thumbnails if they are drawn.
    init(_ chordset: Chordset, thumbnails: String? = nil) {
        self.thumbnails = thumbnails
        id = chordset.id
        number = chordset.index + 1
        title = chordset.title
        headroom = chordset.headroom
        chords = chordset.chords.map { chord in
            let rgb = chord.background.centerColor.rgb
            func byte(_ value: Double) -> UInt8 { UInt8((min(max(value, 0), 1) * 255).rounded()) }
            return ChordsetListing.ListedChord(
                number: chord.position + 1,
                color: RGBAColorBytes(red: byte(rgb.red), green: byte(rgb.green), blue: byte(rgb.blue)))
        }
    }
}

/// What a chord's thumbnail depends on — the chord and its chordset's headroom — as a 64-bit FNV-1a hash of
/// their JSON (sorted keys): the same chord gives the same key in every run.
struct ThumbnailKey: Hashable, Sendable {
    let value: UInt64

    init(chord: Chord, headroom: Double?) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        // A chord always encodes (its values were validated); were it not to, every chord would share one key
        // and thumbnails would be drawn afresh, never wrongly shown.
        let bytes = ((try? encoder.encode(chord)) ?? Data()) + Data("|\(headroom.map { "\($0)" } ?? "none")".utf8)
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        value = hash
    }

}
