extension Store {
    /// Calls `observer` with each action right after the store committed it, on the committing
    /// thread, with no lock held, before the next action is committed; replaces any observer set
    /// before. The hook of VueFluxCoreTesting's `TestStore`, which records each committed action with
    /// the state it produced; `package`, so not part of the public API.
    ///
    /// Set it before dispatching: a drain already under way keeps the observer it started with.
    package nonisolated func observeCommits(_ observer: @escaping @Sendable (State.Action) -> Void) {
        core.observeCommits(observer)
    }
}
