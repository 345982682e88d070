import Foundation

/// Files the command line reads whole (logs, frames): refused with one clear line when missing,
/// unreadable or larger than the command takes.
enum InputFile {
    static func contents(of path: String, limit: Int) throws(CommandFailure) -> Data {
        let url = URL(fileURLWithPath: path)
        guard let size = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int else {  // answered in the else
            throw CommandFailure("cannot read \(path): no such file")
        }
        guard size <= limit else { throw CommandFailure("\(path) is \(size) bytes; at most \(limit >> 20) MB are read") }
        do { return try Data(contentsOf: url) } catch { throw CommandFailure("cannot read \(path): \(error.localizedDescription)") }
    }
}
