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
    /// ``RxStateCore/StoreAction`` by the name RxState's source gives it, nested in `Store`
    /// (`Store.StoreAction.add(states:)`, `RxState/RxState.swift`): the same type, so code that
    /// spells it either way compiles and matches the same cases.
    public typealias StoreAction = RxStateCore.StoreAction
}
