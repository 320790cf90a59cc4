import FlowKernel

/// What a test observed: the final state (or one property of it) and, in order, the values a view
/// was sent.
///
/// Compare it with `==` in one statement, with XCTest or Swift Testing:
/// `#expect(flux.record(.increment, .increment) == Recording(state: CounterState(count: 2), seen: [...]))`.
public struct Recording<Value> {
    /// The state, or the recorded property, after the actions.
    public var state: Value
    /// The new state of each change a view was sent, or, when recording one property, its new value
    /// in each change where it differed: what `change.property?.value` yields in a view.
    public var seen: [Value]

    /// Creates the expected recording for a comparison.
    public init(state: Value, seen: [Value]) {
        self.state = state
        self.seen = seen
    }
}

extension Recording: Equatable where Value: Equatable {}
extension Recording: Sendable where Value: Sendable {}

extension Flux {
    /// Dispatches `actions` in order and returns the resulting state and the state of every change
    /// that the flux's views were sent meanwhile.
    ///
    /// A test helper. It records from the store, on the dispatching thread, so it needs no main
    /// queue and works in synchronous tests. Actions dispatched by mutations or listeners are
    /// applied before it returns and recorded. Call it while no other thread dispatches to this
    /// flux: another thread's actions would be recorded too.
    public func record(_ actions: Action...) -> Recording<State> {
        record(actions)
    }

    /// Dispatches `actions` in order and returns the resulting state and the state of every change
    /// that the flux's views were sent meanwhile; see `record(_:)` (variadic).
    public func record(_ actions: [Action]) -> Recording<State> {
        let seen = record(actions) { change in change.new }
        return Recording(state: store.state, seen: seen)
    }

    /// Dispatches `actions` in order and returns the final value of the property at `keyPath` and
    /// its new value in each change where it differed, as `change.property?.value` gives it.
    ///
    /// Same contract as `record(_:)`.
    public func record<Value: Equatable & Sendable>(
        _ keyPath: any KeyPath<State, Value> & Sendable,
        after actions: Action...
    ) -> Recording<Value> {
        record(keyPath, after: actions)
    }

    /// Array form of `record(_:after:)`.
    public func record<Value: Equatable & Sendable>(
        _ keyPath: any KeyPath<State, Value> & Sendable,
        after actions: [Action]
    ) -> Recording<Value> {
        let seen = record(actions) { change in change.changedProperty(for: keyPath)?.value }
        return Recording(state: store.state[keyPath: keyPath], seen: seen)
    }

    /// Dispatches `actions` with a store listener attached that collects `extract` of each change.
    private func record<Value: Sendable>(
        _ actions: [Action],
        extract: @escaping @Sendable (StateChange<State>) -> Value?
    ) -> [Value] {
        let recorder = Recorder<Value>()
        let subscription = store.addListener { change in
            if let value = extract(change) {
                recorder.values.withLock { $0.append(value) }
            }
        }
        for action in actions {
            dispatcher.dispatch(action)
        }
        subscription.cancel()
        return recorder.values.withLock { $0 }
    }
}

/// The values a recording listener collected; the listener runs on the dispatching thread.
private final class Recorder<Value: Sendable>: Sendable {
    let values = Locked<[Value]>([])
}
