import Foundation

/// A progress line on the terminal's standard error — frames done, the rate and a bar — redrawn in place;
/// silent when standard error is not a terminal (a log, CI).
struct ProgressBar {
    let total: Int
    let label: String
    private let enabled = isatty(STDERR_FILENO) == 1
    private let started = ContinuousClock.now

    init(total: Int, label: String) {
        self.total = total
        self.label = label
    }

    func update(done: Int) {
        guard enabled else { return }
        let fraction = total > 0 ? Double(done) / Double(total) : 1
        let filled = Int(fraction * 30)
        let seconds = (ContinuousClock.now - started).inSeconds
        let rate = seconds > 0 ? Double(done) / seconds : 0
        let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: 30 - filled)
        let line = "\r\(label) \(bar) \(done)/\(total)  \(FixedDecimals.format(rate, decimals: 1)) frames/s"
        FileHandle.standardError.write(Data(line.utf8))
        if done == total { FileHandle.standardError.write(Data("\n".utf8)) }
    }
}
