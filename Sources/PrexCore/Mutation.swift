/// The one place where an action changes the state.
///
/// The store calls `mutate(action:state:)` for every dispatched action, one action at a time, on
/// the thread that drains the store's queue, and never while holding a lock: a mutation may read
/// the store or dispatch further actions (those are queued and applied after this one, first in
/// first out). Keep it free of side effects: it is the pure part that tests call directly. On a
/// flux created with `Flux(mutatingInPlace:mutation:)` the state is moved out of the store while
/// the mutation runs: a read of that store from inside a mutation gets the flux's initial state.
public protocol Mutation: Sendable {
    /// The actions this mutation understands.
    associatedtype Action: PrexCore.Action
    /// The state this mutation changes.
    associatedtype State: PrexCore.State

    /// Applies `action` to `state` in place.
    ///
    /// Called with a copy of the current state (on an in-place flux, the state itself, moved out
    /// of the store) that no reader sees until this returns, so writing a property twice or
    /// reading it back is safe. An action the mutation ignores leaves the state
    /// as it was; listeners are still told, with a change in which no property differs.
    func mutate(action: Action, state: inout State)
}
