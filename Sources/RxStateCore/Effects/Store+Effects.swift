import FlowKernel

extension Store {
    /// Starts a side effect that the store knows about: `operation` runs in a new task and
    /// dispatches its results with the ``EffectDispatch`` it is given. Call it from an intercepting
    /// middleware, with the store the middleware is handed.
    ///
    /// ```swift
    /// struct SearchMiddleware: InterceptingMiddlewareType {
    ///     let dependencies: SearchDependencies
    ///
    ///     func intercept(action: any ActionType, store: Store, next: @escaping @Sendable (any ActionType) -> Void) {
    ///         next(action)
    ///         guard case .queryChanged(let query) = action as? SearchAction else { return }
    ///         store.runEffect(id: SearchEffect.search) { [dependencies] dispatch in
    ///             try await dependencies.clock.sleep(for: .milliseconds(300))  // debounce
    ///             await dispatch(SearchAction.searchStarted)
    ///             await dispatch(SearchAction.loaded(try await dependencies.client.search(query)))
    ///         }
    ///     }
    /// }
    /// ```
    ///
    /// - The effect is in ``effectsInFlight`` until `operation` returns, with its id and where it
    ///   was started; a `TestStore` waits for it and names it if it outlives the test.
    /// - With an `id`, the store's effect in flight with the same id is cancelled first: a newer
    ///   keystroke replaces the pending search.
    /// - It is cancelled by ``cancelEffect(id:)``, and when the store is deallocated; started after
    ///   that, it does not run. An effect does not keep the store alive (its ``EffectDispatch``
    ///   holds the store weakly): capture what `operation` needs, not the store.
    /// - Cancellation is cooperative: `operation` sees it as a `CancellationError` from a cancelled
    ///   `await` (a clock's `sleep`, a request) and dispatches nothing after it. A
    ///   `CancellationError` ends the effect quietly; another error ends it and is dropped (a
    ///   `TestStore` fails on it): catch the errors you mean to show.
    ///
    /// Nothing on the dispatch path changes: a store with no effect running dispatches as fast as
    /// before.
    ///
    /// - Parameters:
    ///   - id: Names the effect, for ``cancelEffect(id:)`` and to replace it; `nil` for none. Ids
    ///     compare by type and value (`1` and `1 as Int64` are two ids). The id's `==`,
    ///     `hash(into:)` and `description` run with no lock held: they may call the store.
    ///   - fileID: Where the effect is started, for reports; leave the default.
    ///   - line: The line where it is started, for reports; leave the default.
    ///   - operation: The work: awaits its side effects and dispatches their results.
    /// - Returns: The effect's task; awaiting its `value` waits for the effect to end. Ignore it in
    ///   an app.
    @discardableResult
    public func runEffect(
        id: (any Hashable & Sendable)? = nil,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        _ operation: @escaping @Sendable (EffectDispatch) async throws -> Void
    ) -> Task<Void, Never> {
        let dispatch = EffectDispatch(self)
        return effectRegistry.start(
            id: id.map { EffectID($0) }, owner: nil, fileID: "\(fileID)", line: line
        ) {
            try await operation(dispatch)
        }
    }

    /// Cancels the effect in flight with `id`, if any.
    ///
    /// It may still be running when this returns (cancellation is cooperative), but it dispatches
    /// nothing more.
    public func cancelEffect(id: any Hashable & Sendable) {
        effectRegistry.cancel(id: EffectID(id))
    }

    /// The side effects started on this store (``runEffect(id:fileID:line:_:)``) whose operation
    /// has not returned, cancelled ones included, in the order they were started.
    ///
    /// A snapshot, safe from any thread.
    public var effectsInFlight: [RunningEffect] {
        effectRegistry.running.map(RunningEffect.init)
    }

    /// Every dispatch an effect makes goes through here: ``dispatchAsync(action:)``, which suspends
    /// the effect's task while another thread applies actions instead of blocking a thread of the
    /// cooperative pool, and drops the action if the task was cancelled meanwhile.
    func dispatchFromEffect(_ action: any ActionType) async {
        await dispatchSuspending(action, unlessCancelled: true)
    }
}
