import UserText

/// One follower of the instrument over OSC, and the rules of its health. It is followed while its sends go
/// through; a failed send drops it (said once), and it is tried again `retryInterval` later on a fresh socket
/// (its host looked up again), sent to on trial; it is back (said, its problem cleared) when one check finds
/// that its sends went through and the next that none has failed since — an unreachable port answers a send
/// a moment after it was taken. A trial that fails drops it again, quietly, until the next try.
///
/// No I/O: each change says what to do — close a socket, open one, say something — and `OSCFollowers` does it.
struct OSCFollower: Sendable {
    /// How long a dropped follower waits before it is tried again.
    static var retryInterval: Duration { .seconds(5) }
    /// How a report says it ("tried again every 5 s").
    private static var triedAgain: String { "tried again every \(retryInterval.components.seconds) s" }

    enum Health: Sendable, Equatable {
        case followed
        /// No socket; `waited` (as the checks count it) since it was dropped.
        case dropped(waited: Duration)
        /// A fresh socket is being opened.
        case reopening
        /// Sent to on a fresh socket: `sentThrough` once a send went through, `seen` once a check found it so.
        case onTrial(sentThrough: Bool, seen: Bool)
    }

    /// What to do after a change.
    enum Action: Sendable {
        case close(OSCSocket)
        /// Open a fresh socket, and give it to `reopened(_:)`.
        case reopen
        case say(String)
    }

    let id: Int
    /// Where it is, as it was given ("HOST:PORT"), and as read.
    let text: String
    let destination: NetworkTarget
    /// Named on the command line (kept whatever the preferences say), or kept in the preferences.
    let fromCommandLine: Bool
    private(set) var target: OSCFollowers.Target
    private(set) var socket: OSCSocket?
    private(set) var health: Health

    /// A follower whose socket was opened, or could not be (then dropped, to be tried again).
    init(id: Int, text: String, destination: NetworkTarget, fromCommandLine: Bool, opened: Result<OSCSocket, OSCSocketProblem>) {
        self.id = id
        self.text = text
        self.destination = destination
        self.fromCommandLine = fromCommandLine
        switch opened {
        case .success(let socket):
            self.socket = socket
            health = .followed
            target = OSCFollowers.Target(address: text, sent: 0, problem: nil)
        case .failure(let problem):
            health = .dropped(waited: .zero)
            target = OSCFollowers.Target(address: text, sent: 0, problem: problem.reason)
        }
    }

    /// What is said when it cannot be followed from the start.
    var notFollowedReport: String? {
        target.problem.map { "OSC to \(text) cannot be sent (\($0)); it is not followed for now, and is \(Self.triedAgain)" }
    }

    /// The socket to send to: while followed, and on trial.
    var sending: OSCSocket? {
        switch health {
        case .followed, .onTrial: socket
        case .dropped, .reopening: nil
        }
    }

    /// A send on socket `serial` went through or failed.
    mutating func sent(on serial: Int, _ result: Result<Void, any Error>) -> [Action] {
        guard socket?.serial == serial else { return [] }
        switch result {
        case .success:
            target.sent += 1
            if case .onTrial(_, let seen) = health { health = .onTrial(sentThrough: true, seen: seen) }
            return []
        case .failure(let error):
            return failed(on: serial, OSCSocketProblem.reason(error))
        }
    }

    /// The system said socket `serial` cannot send (`reason`): the follower is dropped, and said if it was followed.
    mutating func failed(on serial: Int, _ reason: String) -> [Action] {
        guard let socket, socket.serial == serial else { return [] }
        let wasFollowed = health == .followed
        self.socket = nil
        health = .dropped(waited: .zero)
        target.problem = reason
        guard wasFollowed else { return [.close(socket)] }
        return [.close(socket), .say("OSC to \(text) cannot be sent (\(reason)); it is no longer followed, and is \(Self.triedAgain)")]
    }

    /// A check, `interval` after the one before.
    mutating func check(after interval: Duration) -> [Action] {
        switch health {
        case .followed, .reopening:
            return []
        case .dropped(let waited):
            guard waited + interval >= Self.retryInterval else {
                health = .dropped(waited: waited + interval)
                return []
            }
            health = .reopening
            return [.reopen]
        case .onTrial(let sentThrough, let seen):
            guard seen else {
                health = .onTrial(sentThrough: sentThrough, seen: sentThrough)
                return []
            }
            health = .followed
            target.problem = nil
            return [.say("OSC to \(text) is followed again")]
        }
    }

    /// The fresh socket asked for by `.reopen`, or why there is none (it waits for the next try).
    mutating func reopened(_ opened: Result<OSCSocket, OSCSocketProblem>) -> [Action] {
        guard health == .reopening else {
            if case .success(let socket) = opened { return [.close(socket)] }
            return []
        }
        switch opened {
        case .success(let socket):
            self.socket = socket
            health = .onTrial(sentThrough: false, seen: false)
        case .failure(let problem):
            health = .dropped(waited: .zero)
            target.problem = problem.reason
        }
        return []
    }
}
