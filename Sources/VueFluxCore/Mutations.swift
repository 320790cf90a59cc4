/// The one way a state changes: a synchronous function from an action to changes of the state.
///
/// A ``Store`` calls ``commit(action:state:)`` once per action dispatched to it, one action at a
/// time and in dispatch order, on the store's executor. Write the mutations in the state's file so
/// that they can reach its `fileprivate` properties.
///
/// ```swift
/// struct CounterMutations: Mutations {
///     func commit(action: CounterAction, state: CounterState) {
///         switch action {
///         case .increment: state.count.value += 1
///         case .decrement: state.count.value -= 1
///         }
///     }
/// }
/// ```
public protocol Mutations: Sendable {
    /// The state these mutations change.
    associatedtype State: VueFluxCore.State

    /// Applies `action` to `state`, synchronously.
    ///
    /// Never called for two actions of one store at once. No lock of the library is held while it
    /// runs: it may read the state, set variables, and dispatch further actions, to this store or
    /// any other. An action it dispatches to its own store is queued and committed after this one
    /// returns, first in first out; it is never committed inside this call.
    ///
    /// - Parameters:
    ///   - action: The action to apply.
    ///   - state: The state of the store that received the action.
    func commit(action: State.Action, state: State)
}
