/// What an action creator's effect dispatches with: `await dispatch(.loaded(page))`.
///
/// Given to the operation of ``Actions/runEffect(id:fileID:line:_:)``. Each call dispatches the
/// action as ``Actions/dispatch(action:)`` does, to the same store (or stores), unless the calling
/// task is cancelled: a cancelled effect dispatches nothing more, so a stale search whose answer
/// arrives after a newer one started changes nothing.
///
/// The call is `async` so that it can wait for the store's turn by suspending rather than by
/// blocking a thread of Swift's cooperative pool; call it from the effect's own task (or a child
/// task), where its cancellation check applies. On an `.immediate` store the check is made again
/// under the store's lock once the turn comes. A store on another executor (a queue, the main
/// thread) takes the action for that executor at once, with no wait: the check is made then, and
/// an action taken before the cancellation is committed.
public struct EffectDispatch<State: VueFluxCore.State>: Sendable {
    private let actions: Actions<State>

    init(_ actions: Actions<State>) {
        self.actions = actions
    }

    /// Dispatches `action`, or does nothing if the calling task is cancelled.
    public func callAsFunction(_ action: State.Action) async {
        guard !Task.isCancelled else { return }
        await actions.dispatchFromEffect(action)
    }
}
