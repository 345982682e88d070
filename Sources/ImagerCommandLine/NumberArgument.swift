/// Reads numbers from the command line with messages a performer understands, so that a bad value is
/// one clear line (and exit status 2), not a usage dump.
enum NumberArgument {
    static func fraction(_ text: String, _ name: String) throws(CommandFailure) -> Double {
        guard let value = Double(text), value.isFinite else { throw CommandFailure("\(name) must be a number from 0 to 1; \"\(text)\" is not") }
        guard (0...1).contains(value) else { throw CommandFailure("\(name) must be from 0 to 1; \(text) is not") }
        return value
    }

    static func integer(_ text: String, _ name: String, in range: ClosedRange<Int>) throws(CommandFailure) -> Int {
        guard let value = Int(text), range.contains(value) else {
            throw CommandFailure("\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound); \"\(text)\" is not")
        }
        return value
    }

    /// "1920x1080" (or a single number for a square).
    static func size(_ text: String, _ name: String, in range: ClosedRange<Int>) throws(CommandFailure) -> (width: Int, height: Int) {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false).map(String.init)
        guard (1...2).contains(parts.count), let width = Int(parts[0]), let height = Int(parts.last!),
              range.contains(width), range.contains(height)
        else {
            throw CommandFailure("\(name) must be WIDTHxHEIGHT or one side, each from \(range.lowerBound) to \(range.upperBound); \"\(text)\" is not")
        }
        return (width, height)
    }
}
