/// The untyped reducer of RxState: takes the app state and an action, returns the new app state.
///
/// The store calls it for every action except ``StoreAction``s, after the typed reducers registered
/// for that action's type, on the thread that is draining the store, with no lock held. It must be
/// a pure function of its arguments: it must not read the store (it is given the state) and it
/// should not dispatch (a dispatch from inside it is queued and applied after the current action).
///
/// Since it sees every action, the store cannot tell whether it handled one: return `state`
/// unchanged for an action you do not know (where the README calls `fatalError`). A store with a
/// main reducer therefore never reports ``StoreError/unhandledAction(typeName:)``.
///
/// Substates are found here with a linear scan and casts, and copied out and back; for large state
/// prefer typed reducers (``Store/register(_:for:reducer:)``), which mutate in place.
public typealias MainReducer =
    @Sendable (_ state: [any SubstateType], _ action: any ActionType) -> [any SubstateType]
