import ArgumentParser
import Foundation

/// A command that cannot do what it was asked, with one line for the performer saying why, and the error
/// that caused it, if one did (a library's, a file's). The command line prints the line to standard error
/// and exits with status 2.
package struct CommandFailure: Error, CustomStringConvertible {
    package let message: String
    package let cause: (any Error)?

    /// A failure saying `message`; the cause's own message, if there is a cause, follows after a colon.
    package init(_ message: String, cause: (any Error)? = nil) {
        self.cause = cause
        self.message = cause.map { "\(message): \($0)" } ?? message
    }

    package var description: String { message }
}

extension Imager {
    /// Runs the command line: parses, runs, and on any failure prints one line to standard error and exits
    /// with status 2 (0 for help and the version).
    public static func runAndExit(_ arguments: [String]? = nil) async -> Never {
        do {
            var command = try parseAsRoot(arguments)
            if var asynchronous = command as? any AsyncParsableCommand {
                try await asynchronous.run()
            } else {
                try command.run()
            }
            Foundation.exit(0)
        } catch let exit as ExitCode where exit != .validationFailure {
            Foundation.exit(exit.rawValue)  // a command's own verdict (a benchmark that failed), already told
        } catch {
            let code = exitCode(for: error)
            if code == .success { Imager.exit(withError: error) }
            let message = (error as? CommandFailure)?.message ?? Imager.message(for: error)
            let line = message.split(separator: "\n").first.map(String.init) ?? "failed"
            FileHandle.standardError.write(Data("imager: \(line)\n".utf8))
            Foundation.exit(2)
        }
    }
}
