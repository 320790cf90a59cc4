import FlowKernel

extension Actions {
    /// Starts a side effect that the store knows about: `operation` runs in a new task and
    /// dispatches its results with the ``EffectDispatch`` it is given.
    ///
    /// ```swift
    /// extension Actions where State == SearchState {
    ///     func queryChanged(_ query: String, using dependencies: SearchDependencies) {
    ///         dispatch(action: .queryChanged(query))
    ///         runEffect(id: SearchEffect.search) { dispatch in
    ///             try await dependencies.clock.sleep(for: .milliseconds(300))  // debounce
    ///             await dispatch(.searchStarted)
    ///             await dispatch(.loaded(try await dependencies.client.search(query)))
    ///         }
    ///     }
    /// }
    /// ```
    ///
    /// - The effect is in the store's ``Store/effectsInFlight`` until `operation` returns, with its
    ///   id and where it was started; a `TestStore` waits for it and names it if it outlives the
    ///   test, whoever called the action creator (a view controller, the test store).
    /// - With an `id`, the store's effect in flight with the same id is cancelled first: a newer
    ///   keystroke replaces the pending search.
    /// - It is cancelled by ``cancelEffect(id:)``, and when the store is deallocated; started after
    ///   that, it does not run. An effect does not keep the store alive.
    /// - Cancellation is cooperative: `operation` sees it as a `CancellationError` from a cancelled
    ///   `await` (a clock's `sleep`, a request) and dispatches nothing after it (see
    ///   ``EffectDispatch``). A `CancellationError` ends the effect quietly; another error ends it
    ///   and is dropped (a `TestStore` fails on it): catch the errors you mean to show.
    /// - From `Store<State>.actions` there is no single store: the effect dispatches to every live
    ///   store of the state type, is not cancelled when one of them goes and is not seen by a test
    ///   store; its id is matched among the global effects of `State`.
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
        _ operation: @escaping @Sendable (EffectDispatch<State>) async throws -> Void
    ) -> Task<Void, Never> {
        let dispatch = EffectDispatch(self)
        let (registry, effectID) = effectRegistry(for: id)
        guard let registry else {
            // The store is gone: the effect is born cancelled and does not run.
            let task = Task<Void, Never> {}
            task.cancel()
            return task
        }
        return registry.start(id: effectID, owner: nil, fileID: "\(fileID)", line: line) {
            try await operation(dispatch)
        }
    }

    /// Cancels the store's effect in flight with `id`, if any.
    ///
    /// It may still be running when this returns (cancellation is cooperative), but it dispatches
    /// nothing more.
    public func cancelEffect(id: any Hashable & Sendable) {
        let (registry, effectID) = effectRegistry(for: id)
        if let registry, let effectID {
            registry.cancel(id: effectID)
        }
    }

    /// The registry this value's effects go to, with `id` as that registry files it; no registry
    /// once the store is gone.
    private func effectRegistry(for id: (any Hashable & Sendable)?) -> (EffectRegistry?, EffectID?) {
        switch target {
        case .store(let core):
            return (StoreEffects.registry(for: core), id.map { EffectID($0) })
        case .global:
            let effectID = id.map {
                EffectID(GlobalEffectID(state: ObjectIdentifier(State.self), id: EffectID($0)))
            }
            return (StoreEffects.global, effectID)
        }
    }

    /// Every dispatch an effect makes goes through here: ``dispatchAsync(action:)``, which suspends
    /// the effect's task while another thread commits instead of blocking a thread of the
    /// cooperative pool, and drops the action if the task was cancelled meanwhile.
    func dispatchFromEffect(_ action: State.Action) async {
        await dispatchAsync(action: action, unlessCancelled: true)
    }
}

extension Store {
    /// The side effects started through this store's ``actions-property``
    /// (``Actions/runEffect(id:fileID:line:_:)``) whose operation has not returned, cancelled ones
    /// included, in the order they were started.
    ///
    /// A snapshot, safe from any thread.
    nonisolated public var effectsInFlight: [RunningEffect] {
        effectRegistry.running.map(RunningEffect.init)
    }
}
