/// The actions that the store applies itself, before and instead of any reducer.
///
/// Intercepting middleware and observers see them go by like any other action; no reducer, typed
/// or main, receives them, so they never count as unhandled.
public enum StoreAction: ActionType {
    /// Adds substates to the app state, after the ones already there, in the order given.
    ///
    /// All or nothing: if one of `states` has the type of a substate already in the store, or two of
    /// them share a type, nothing is added and ``StoreError/duplicateSubstate(typeName:)`` is reported
    /// on ``Store/diagnostics``.
    case add(states: [any SubstateType])

    /// Removes every substate from the app state. Registered reducers and middleware stay.
    case reset
}

extension Store {
    /// ``RxStateCore/StoreAction`` by the name RxState's early source gives it, nested in `Store`
    /// (`Store.StoreAction.add(states:)`, `RxState/RxState.swift`): the same type, so code that
    /// spells it either way compiles and matches the same cases.
    public typealias StoreAction = RxStateCore.StoreAction
}

extension Store {
    /// Applies a ``RxStateCore/StoreAction`` to `state` as the store applies it: RxState's static
    /// `Store.reduce` for its store actions (`RxState/RxState.swift`), for a main reducer or a test
    /// that works on an app state of its own.
    ///
    /// `.reset` gives an empty state. `.add(states:)` gives `state` followed by `states`, all or
    /// nothing: if one of `states` has the type of a substate in `state`, or two of them share a
    /// type, it gives `state` unchanged, as the store leaves its state (the store also reports
    /// ``StoreError/duplicateSubstate(typeName:)``; RxState appended them).
    ///
    /// - Parameters:
    ///   - state: The app state to start from.
    ///   - action: The store action to apply.
    /// - Returns: The app state after `action`.
    public static func reduce(state: [any SubstateType], action: StoreAction) -> [any SubstateType] {
        switch action {
        case .reset:
            return []
        case .add(let states):
            var types = Set(state.map(\.typeIdentifier))
            for added in states where !types.insert(added.typeIdentifier).inserted {
                return state
            }
            return state + states
        }
    }

    /// RxState's misspelled name for ``reduce(state:action:)`` (`sction:`, in `RxState/RxState.swift`),
    /// kept so that migrating code compiles; the compiler offers the rename as a fix-it.
    ///
    /// - Parameters:
    ///   - state: The app state to start from.
    ///   - sction: The store action to apply.
    /// - Returns: The app state after the action, as ``reduce(state:action:)`` gives it.
    @available(*, deprecated, renamed: "reduce(state:action:)")
    public static func reduce(state: [any SubstateType], sction: StoreAction) -> [any SubstateType] {
        reduce(state: state, action: sction)
    }
}
