/// The read-only face of a store's state: extend it to publish signals and constants of the
/// state's `fileprivate` properties.
///
/// ```swift
/// extension Computed where State == CounterState {
///     var countTextValues: Signal<String> {
///         return state.count.signal.map { String($0) }
///     }
/// }
/// ```
///
/// Write the extension in the state's file: only there can it read the `fileprivate` properties,
/// so code elsewhere sees only what the extension publishes. A signal published here delivers on
/// the thread that committed the change (the store's executor) unless moved with
/// `observe(on:)`; `signal.values` gives the same values as an `AsyncSequence`.
public struct Computed<State: VueFluxCore.State>: Sendable {
    /// The store's state, for extensions of `Computed` to publish from.
    ///
    /// Changing the state through it, instead of by dispatching an action, defeats the store's
    /// serialization: keep the state's properties `fileprivate` and mutate them only in
    /// ``Mutations``.
    public let state: State

    /// Creates the computed view of `state`; ``Store`` makes one for its state.
    ///
    /// - Parameter state: The state to publish from.
    public init(state: State) {
        self.state = state
    }
}
