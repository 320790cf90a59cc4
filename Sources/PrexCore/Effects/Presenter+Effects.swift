import FlowKernel

extension Presenter {
    /// Starts a side effect that the flux knows about: `operation` runs in a new task, off the main
    /// actor, and dispatches its results with the ``EffectDispatch`` it is given.
    ///
    /// ```swift
    /// func queryChanged(_ query: String) {
    ///     dispatch(.queryChanged(query))
    ///     runEffect(id: SearchEffect.search) { [client, clock] dispatch in
    ///         try await clock.sleep(for: .milliseconds(300))  // debounce
    ///         await dispatch(.searchStarted)
    ///         await dispatch(.loaded(try await client.search(query)))
    ///     }
    /// }
    /// ```
    ///
    /// - The effect is in the flux's ``Flux/effectsInFlight`` until `operation` returns, with its
    ///   id and where it was started; a `TestStore` waits for it and names it if it outlives the
    ///   test.
    /// - With an `id`, the effect in flight with the same id on this flux (started by any of its
    ///   presenters) is cancelled first: a newer keystroke replaces the pending search. Ids belong
    ///   to the flux.
    /// - It is cancelled by ``cancelEffect(id:)``, and when this presenter is deallocated. So
    ///   `operation` must not hold the presenter: capture what it needs (a client, a clock), not
    ///   `self`.
    /// - Cancellation is cooperative: `operation` sees it as a `CancellationError` from a cancelled
    ///   `await` (a clock's `sleep`, a request) and dispatches nothing after it (see
    ///   ``EffectDispatch``). A `CancellationError` ends the effect quietly; another error ends it
    ///   and is dropped (a `TestStore` fails on it): catch the errors you mean to show.
    ///
    /// Nothing on the dispatch path changes: a flux with no effect running dispatches as fast as
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
    nonisolated public func runEffect(
        id: (any Hashable & Sendable)? = nil,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        _ operation: @escaping @Sendable (EffectDispatch<Action>) async throws -> Void
    ) -> Task<Void, Never> {
        let flux = self.flux
        let dispatch = EffectDispatch<Action> { action in
            await flux.dispatchFromEffect(action)
        }
        return flux.effectRegistry.start(
            id: id.map { EffectID($0) },
            owner: ObjectIdentifier(self),
            fileID: "\(fileID)",
            line: line
        ) {
            try await operation(dispatch)
        }
    }

    /// Cancels the effect in flight on this presenter's flux with `id`, if any, whichever
    /// presenter of the flux started it.
    ///
    /// It may still be running when this returns (cancellation is cooperative), but it dispatches
    /// nothing more.
    nonisolated public func cancelEffect(id: any Hashable & Sendable) {
        flux.effectRegistry.cancel(id: EffectID(id))
    }

    /// Cancels every effect in flight that this presenter started.
    nonisolated public func cancelAllEffects() {
        flux.effectRegistry.cancelAll(owner: ObjectIdentifier(self))
    }
}

extension Flux {
    /// The side effects started on this flux (by its presenters' ``Presenter/runEffect(id:fileID:line:_:)``)
    /// whose operation has not returned, cancelled ones included, in the order they were started.
    ///
    /// A snapshot, safe from any thread.
    public var effectsInFlight: [RunningEffect] {
        effectRegistry.running.map(RunningEffect.init)
    }

    /// Every dispatch an effect makes goes through here: ``Dispatcher/dispatchAsync(_:)``, which
    /// suspends the effect's task while another thread holds the turn instead of blocking a thread
    /// of the cooperative pool, and drops the action if the task was cancelled meanwhile.
    func dispatchFromEffect(_ action: Action) async {
        await dispatcher.dispatchAsync(action, unlessCancelled: true)
    }
}
