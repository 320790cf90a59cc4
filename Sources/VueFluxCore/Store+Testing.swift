extension Store {
    /// Calls `observer` with each action right after the store committed it, on the committing
    /// thread, with no lock held, before the next action is committed, after the observers added
    /// before it. The hook of VueFluxCoreTesting's `TestStore`, which records each committed action
    /// with the state it produced (several test stores of one store each record every commit);
    /// `package`, so not part of the public API.
    ///
    /// Add it before dispatching: a drain already under way keeps the observers it started with.
    ///
    /// - Returns: The key that ``stopObservingCommits(_:)`` takes.
    @discardableResult
    package nonisolated func observeCommits(_ observer: @escaping @Sendable (State.Action) -> Void) -> UInt64
    {
        core.observeCommits(observer)
    }

    /// Stops calling the commit observer added with `key` (``observeCommits(_:)``), from the next
    /// drain on; the other observers go on.
    package nonisolated func stopObservingCommits(_ key: UInt64) {
        core.stopObservingCommits(key)
    }
}

extension Store {
    /// Calls `body` once the store has committed every action dispatched to it before this call:
    /// at once when the store commits on `.immediate` (a dispatch there returns after its commit)
    /// or has nothing queued; otherwise, on the executor's thread, once a drain leaves nothing
    /// queued. The hook with which VueFluxCoreTesting's `TestStore` waits for a store on a queue or
    /// the main thread before it checks the state; `package`, so not part of the public API.
    ///
    /// A store that is dispatched to without pause may call it only once the flow stops.
    package nonisolated func whenIdle(_ body: @escaping @Sendable () -> Void) {
        core.whenIdle(body)
    }
}
