/// What a presenter's effect dispatches with: `await dispatch(.loaded(page))`.
///
/// Given to the operation of ``Presenter/runEffect(id:fileID:line:_:)``. Each call dispatches the
/// action to the presenter's flux, as ``Dispatcher/dispatch(_:)`` does, unless the calling task is
/// cancelled: a cancelled effect dispatches nothing more, so a stale search whose answer arrives
/// after a newer one started changes nothing.
///
/// The call is `async` so that it can wait for the store's turn by suspending rather than by
/// blocking a thread of Swift's cooperative pool; call it from the effect's own task (or a child
/// task), where its cancellation check applies.
public struct EffectDispatch<Action: PrexCore.Action>: Sendable {
    private let dispatch: @Sendable (Action) async -> Void

    init(_ dispatch: @escaping @Sendable (Action) async -> Void) {
        self.dispatch = dispatch
    }

    /// Dispatches `action` to the flux, or does nothing if the calling task is cancelled.
    public func callAsFunction(_ action: Action) async {
        guard !Task.isCancelled else { return }
        await dispatch(action)
    }
}
