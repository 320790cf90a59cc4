/// What a middleware's effect dispatches with: `await dispatch(SearchAction.loaded(page))`.
///
/// Given to the operation of ``Store/runEffect(id:fileID:line:_:)``. Each call dispatches the
/// action to the store as ``Store/dispatch(action:)-(Action)`` does (through every intercepting middleware),
/// unless the calling task is cancelled or the store is gone: a cancelled effect dispatches nothing
/// more, so a stale search whose answer arrives after a newer one started changes nothing. It holds
/// the store weakly: an effect does not keep its store alive.
///
/// The call is `async` so that it can wait for the store's turn by suspending rather than by
/// blocking a thread of Swift's cooperative pool; call it from the effect's own task (or a child
/// task), where its cancellation check applies.
public struct EffectDispatch: Sendable {
    private weak let store: Store?

    init(_ store: Store) {
        self.store = store
    }

    /// Dispatches `action` to the store, or does nothing if the calling task is cancelled or the
    /// store is gone.
    public func callAsFunction(_ action: any ActionType) async {
        guard !Task.isCancelled, let store else { return }
        await store.dispatchFromEffect(action)
    }
}
