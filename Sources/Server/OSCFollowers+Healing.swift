import UserText

/// Trying dropped followers again: a check every `interval` of a clock (the engine's, so tests move it by hand).
extension OSCFollowers {
    /// Checks every `interval` of `clock` until cancelled: a follower dropped 5 s ago is tried again on a fresh
    /// socket, one on trial whose sends go through is said to be back.
    public func heal<C: Clock>(every interval: Duration, on clock: C) async where C.Duration == Duration {
        var deadline = clock.now
        while !Task.isCancelled {
            deadline = deadline.advanced(by: interval)
            do { try await clock.sleep(until: deadline, tolerance: nil) } catch { return }
            await heal(after: interval)
        }
    }

    /// One check, `interval` after the one before: each follower's health moves on (`OSCFollower.check`), and
    /// those due to be tried again get a fresh socket — theirs if they are still followed when it opens, else
    /// closed at once.
    func heal(after interval: Duration) async {
        var due: [(id: Int, destination: NetworkTarget)] = []
        let actions = roster.withLock { roster in
            roster.followers.indices.flatMap { index in
                let actions = roster.followers[index].check(after: interval)
                for case .reopen in actions { due.append((roster.followers[index].id, roster.followers[index].destination)) }
                return actions
            }
        }
        perform(actions)
        await withTaskGroup(of: Void.self) { group in
            for (id, destination) in due {
                group.addTask { await self.reopen(id: id, at: destination) }
            }
        }
    }

    private func reopen(id: Int, at destination: NetworkTarget) async {
        let opened = await openSocket(to: destination)
        let actions = roster.withLock { roster -> [OSCFollower.Action] in
            guard !roster.closed, let index = roster.followers.firstIndex(where: { $0.id == id }) else {
                if case .success(let socket) = opened { return [.close(socket)] }
                return []
            }
            return roster.followers[index].reopened(opened)
        }
        perform(actions)
    }
}
