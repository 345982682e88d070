/// Runs asynchronous jobs one at a time, in the order they were asked for: each starts when the one asked for
/// before it has ended, whatever it awaits meanwhile (an actor alone would let a second job in at each await).
actor OneAtATime {
    private var last: Task<Void, Never>?
    /// Jobs asked for and not yet ended, the one running included.
    private(set) var waiting = 0

    /// Runs `job` after every job asked for before it, and gives its result.
    func run<T: Sendable>(_ job: @escaping @Sendable () async -> T) async -> T {
        let before = last
        let task = Task {
            await before?.value
            return await job()
        }
        last = Task { _ = await task.value }
        waiting += 1
        defer { waiting -= 1 }
        return await task.value
    }
}
