import FlowKernel
import ReactiveLite

/// A middleware that records each applied action with the state it produced, and replays the
/// actions onto another store to reproduce a state (time travel).
///
/// Register it with ``Store/register(middlewares:)``; it records from then on (the replayed pair it
/// gets first is not an action it saw applied, so it is skipped). Since it records what the
/// reducers saw, actions are recorded after intercepting middleware has transformed them:
/// replay onto a store with the same reducers and no interceptors to reproduce a state.
///
/// Recording keeps every state, so while it records, a reducer that appends to a large array
/// copies it once per action. Call ``stop()`` to end recording.
///
/// ```swift
/// let recorder = RecorderMiddleware()
/// store.register(middlewares: [recorder])
/// // ... dispatch ...
/// let fresh = makeStore()
/// recorder.replay(onto: fresh, count: 3)  // fresh now holds recorder.entries[2].state
/// ```
public final class RecorderMiddleware: MiddlewareType, Sendable {
    /// One recorded action and the state it produced.
    public struct Entry: Sendable {
        /// The action, as the reducers received it.
        public let action: any ActionType
        /// The app state right after the action was applied.
        public let state: [any SubstateType]
    }

    private let recorded = Locked<[Entry]>([])
    private let scope = DisposableScope()

    /// Creates a recorder with an empty log.
    public init() {}

    /// Starts recording the pairs of `currentStateLastAction`; called by ``Store/register(middlewares:)``.
    ///
    /// - Parameter currentStateLastAction: The store's ``Store/currentStateLastAction``.
    public func observe(currentStateLastAction: Signal<CurrentStateLastAction>) {
        let recorded = self.recorded
        let isReplay = Locked(true)
        scope += currentStateLastAction.observe { currentState, lastAction in
            let skip = isReplay.withLock { isReplay in
                defer { isReplay = false }
                return isReplay
            }
            guard !skip, let lastAction else { return }
            recorded.withLock { $0.append(Entry(action: lastAction, state: currentState)) }
        }
    }

    /// The recorded actions with their states, oldest first.
    public var entries: [Entry] {
        recorded.withLock { $0 }
    }

    /// The recorded actions, oldest first.
    public var actions: [any ActionType] {
        recorded.withLock { $0.map(\.action) }
    }

    /// The state recorded after the action at `position` (0 is the first), or `nil` if there is none.
    ///
    /// - Parameter position: The action's place in the log.
    /// - Returns: The state that action produced.
    public func state(after position: Int) -> [any SubstateType]? {
        recorded.withLock { $0.indices.contains(position) ? $0[position].state : nil }
    }

    /// Dispatches the first `count` recorded actions (all when `nil`) onto `store`, in order.
    ///
    /// On an idle store without interceptors each action is applied before the next is
    /// dispatched, so when this returns `store` holds the state recorded after the last one, given
    /// the same reducers and a store that starts empty.
    ///
    /// - Parameters:
    ///   - store: The store to replay onto, usually a fresh one.
    ///   - count: How many actions to replay from the start of the log. A count larger than the
    ///     log replays the whole log; zero or a negative count replays nothing (a negative one is
    ///     reported once on standard error in debug builds).
    public func replay(onto store: Store, count: Int? = nil) {
        if let count, count < 0 {
            MisuseReporter.shared.report(
                kind: "RxStateCore.RecorderMiddleware.negativeReplayCount",
                "replay(onto:count:) was given \(count); a negative count replays nothing.")
        }
        let actions = self.actions
        for action in actions.prefix(max(0, count ?? actions.count)) {
            store.dispatch(action: action)
        }
    }

    /// Empties the log; recording goes on.
    ///
    /// The entries are released after the recorder's lock: a recorded state may hold the last
    /// reference to an object whose deinit dispatches to the store, and the recorder's own observer
    /// takes that lock when the action is announced.
    public func clear() {
        let removed = recorded.withLock { entries in
            defer { entries = [] }
            return entries
        }
        _ = removed  // released here, outside the lock
    }

    /// Stops recording. The log stays.
    public func stop() {
        scope.dispose()
    }
}
