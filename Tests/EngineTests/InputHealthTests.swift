@testable import Engine
import Testing
import TestSupport

/// The input's health on its own, no device and no thread: silence said after two seconds of exact zeros
/// that follow sound and unsaid by sound; a loss said once, tried again every two seconds, one reopen at a
/// time, and taken back by the sound that can end it.
@Suite struct InputHealthTests {
    typealias Health = InputHealth<ManualClock.Instant>

    static func status() -> ListeningStatus { ListeningStatus(source: "USB Audio") }

    @Test func digitalSilenceIsSaidAfterTwoSecondsOfZerosThatFollowSoundAndUnsaidBySound() {
        var health = Health()
        var status = Self.status()
        // Zeros before any sound are not silence (nothing is playing yet).
        for hop in 0..<300 {
            let changed = health.heard(peak: 0, at: Double(hop) / 100, saysDigitalSilence: true, status: &status).silenceChanged
            #expect(!changed)
        }
        #expect(!status.silent)
        _ = health.heard(peak: 0.2, at: 3, saysDigitalSilence: true, status: &status)
        var began: Double?
        for hop in 1...250 {
            let time = 3 + Double(hop) / 100
            if health.heard(peak: 0, at: time, saysDigitalSilence: true, status: &status).silenceChanged { began = time }
        }
        #expect(began.map { $0 > 5.005 && $0 < 5.025 } == true, "said when two seconds of zeros had passed: \(String(describing: began))")
        #expect(status.silent && status.problem == Health.silence(of: "USB Audio"))
        let silenceEnded = health.heard(peak: 0.1, at: 6, saysDigitalSilence: true, status: &status).silenceChanged
        #expect(silenceEnded)
        #expect(!status.silent && status.problem == nil)
        // An input that cannot tell (a file) never says it.
        var file = Health()
        var fileStatus = Self.status()
        _ = file.heard(peak: 0.5, at: 0, saysDigitalSilence: false, status: &fileStatus)
        for hop in 1...400 { _ = file.heard(peak: 0, at: Double(hop) / 100, saysDigitalSilence: false, status: &fileStatus) }
        #expect(!fileStatus.silent)
    }

    @Test func aLossIsSaidOnceTriedAgainEveryTwoSecondsOneAtATimeAndTakenBackBySound() {
        let clock = ManualClock()
        let start = clock.now
        var health = Health()
        var status = Self.status()
        #expect(!health.stalled(lastFrameAt: start, now: start.advanced(by: .seconds(1))), "a second is not yet a stall")
        #expect(health.stalled(lastFrameAt: start, now: start.advanced(by: .milliseconds(1001))))
        #expect(!health.stalled(lastFrameAt: nil, now: start.advanced(by: .seconds(9))), "nothing delivered yet: not stalled")
        let lost = health.lose(.removed("the device was unplugged"), at: start, status: &status)
        #expect(lost)
        #expect(status.lost && !status.hearing && status.problem == "the device was unplugged (tried again every 2 s)")
        let lostAgain = health.lose(.stalled, at: start, status: &status)
        #expect(!lostAgain, "said once")
        #expect(!health.stalled(lastFrameAt: start, now: start.advanced(by: .seconds(5))), "a lost input is not stalled again")
        let dueTooSoon = health.reopenDue(at: start.advanced(by: .milliseconds(1999)))
        #expect(!dueTooSoon)
        let dueAtTwoSeconds = health.reopenDue(at: start.advanced(by: .seconds(2)))
        #expect(dueAtTwoSeconds)
        let dueWhileOneHangs = health.reopenDue(at: start.advanced(by: .seconds(9)))
        #expect(!dueWhileOneHangs, "one reopen at a time, however long it hangs")
        health.reopenEnded()
        let dueOnceItEnded = health.reopenDue(at: start.advanced(by: .seconds(9)))
        #expect(dueOnceItEnded, "the next, due since 4 s, once the last has ended")
        health.notYet("the device is busy", lostAs: .removed("the device was unplugged"), status: &status)
        #expect(status.problem == "the device was unplugged (tried again every 2 s); not yet: the device is busy")
        // A removed device's zeros do not bring it back; sound does, said at once.
        let backByZeros = health.heard(peak: 0, at: 10, saysDigitalSilence: true, status: &status).cameBack
        #expect(!backByZeros)
        let backBySound = health.heard(peak: 0.3, at: 10.01, saysDigitalSilence: true, status: &status).cameBack
        #expect(backBySound)
        #expect(health.loss == nil && !status.lost && status.problem == nil)
        let dueOnceBack = health.reopenDue(at: start.advanced(by: .seconds(20)))
        #expect(!dueOnceBack, "nothing to reopen once back")
    }

    @Test func choosingAnotherSourceForgetsTheLoss() {
        let start = ManualClock().now
        var health = Health()
        var status = Self.status()
        _ = health.lose(.failed("read error"), at: start, status: &status)
        health.chose()
        let due = health.reopenDue(at: start.advanced(by: .seconds(5)))
        #expect(health.loss == nil && !due)
    }
}
