import Foundation

/// Where a render goes, from the `-o` argument: a PNG or SVG file, a folder of numbered PNG frames, or a
/// video (MP4, MOV, MKV or WebM, through ffmpeg).
enum OutputTarget {
    case png(URL)
    case svg(URL)
    case frames(URL)
    case video(URL)

    static let videoExtensions = ["mp4", "mov", "mkv", "webm"]

    /// Reads `-o`. A path ending in "/" or naming an existing folder is a folder of frames.
    init(_ argument: String) throws(CommandFailure) {
        guard !argument.isEmpty else { throw CommandFailure("-o needs a file or folder to write") }
        let url = URL(fileURLWithPath: argument)
        var isDirectory: ObjCBool = false
        if argument.hasSuffix("/") || (FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue) {
            self = .frames(url)
            return
        }
        switch url.pathExtension.lowercased() {
        case "png": self = .png(url)
        case "svg": self = .svg(url)
        case let ext where Self.videoExtensions.contains(ext): self = .video(url)
        default:
            throw CommandFailure(
                "cannot tell what to write to \(argument): name a .png or .svg file, a video (.mp4), or a folder ending in /")
        }
    }

    /// Checks that the folder the output goes in exists (a frames folder is made if its parent exists).
    func prepare() throws(CommandFailure) {
        let folder: URL
        switch self {
        case .png(let url), .svg(let url), .video(let url): folder = url.deletingLastPathComponent()
        case .frames(let url):
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) {
                guard isDirectory.boolValue else { throw CommandFailure("\(url.path) is a file, not a folder for frames") }
                return
            }
            do {
                try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
            } catch {
                throw CommandFailure("cannot make the folder \(url.path): \(error.localizedDescription)")
            }
            return
        }
        try Self.checkFolder(of: folder.appendingPathComponent("file"))
    }

    /// Checks that the folder a file goes in exists and may be written to.
    static func checkFolder(of file: URL) throws(CommandFailure) {
        let folder = file.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CommandFailure("cannot write there: the folder \(folder.path) does not exist")
        }
        guard FileManager.default.isWritableFile(atPath: folder.path) else {
            throw CommandFailure("cannot write there: the folder \(folder.path) is not writable")
        }
    }

    /// The file of frame `index` (counted from 0) in a frames folder: frame-00001.png, …
    static func frameFile(_ folder: URL, index: Int) -> URL {
        let number = String(index + 1)
        return folder.appendingPathComponent("frame-" + String(repeating: "0", count: max(0, 5 - number.count)) + number + ".png")
    }
}
