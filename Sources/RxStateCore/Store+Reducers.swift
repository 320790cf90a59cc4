import FlowKernel
import ReactiveLite

extension Store {
    /// Registers a typed reducer: for each action of type `A`, it mutates the substate of type `S`
    /// in place.
    ///
    /// The store finds the reducers by the action's exact type (the type it is dispatched as: a
    /// class instance dispatched as its superclass reaches the superclass's reducers, typed or
    /// through `any ActionType` alike) and the substate by its type,
    /// both in O(1): no cast-find-write-back in user code. Reducers for one action type run in
    /// registration order, before the ``MainReducer``, on the thread draining the store, with no lock
    /// held. If the store holds no substate of type `S`, that reducer is skipped and
    /// ``StoreError/substateNotFound(typeName:)`` is reported. A reducer for ``StoreAction`` is never
    /// called: the store applies those itself. A registration made while an action is being applied
    /// takes effect when the reducers are next looked up: from the next action, or for the current
    /// one when an intercepting middleware registers it before passing the action on.
    ///
    /// The substate is passed `inout` with no other reference to it held by the store, so appending
    /// to a large array in it does not copy the array, with two exceptions, each a single copy: an
    /// observer kept an earlier state, or the value came in with the action before (the
    /// `StoreAction.add` that added the substate, or an action whose payload a reducer stored),
    /// which the store keeps as ``Store/lastAction`` until this action is announced.
    ///
    /// ```swift
    /// store.register(TasksState.self, for: TasksAction.self) { state, action in
    ///     switch action {
    ///     case .add(let task): state.tasks.append(task)
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - substate: The type of the substate the reducer changes.
    ///   - action: The type of the actions it handles.
    ///   - reducer: Changes the substate for one action. Must be pure: it must not read the store.
    @inlinable
    public func register<S: SubstateType, A: ActionType>(
        _ substate: S.Type,
        for action: A.Type,
        reducer: @escaping @Sendable (_ state: inout S, _ action: A) -> Void
    ) {
        let typed = TypedReducer(reducer)
        core.withLock { core in
            core.reducers.append(typed, for: ObjectIdentifier(A.self))
        }
    }
}
