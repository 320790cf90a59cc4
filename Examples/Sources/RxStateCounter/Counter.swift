import CounterServer
import ReactiveLite
import RxStateCore

// snippet: rxstate-counter-state
struct CounterState: SubstateType, Equatable {
    var count = 0
    var isLoading = false
}

enum CounterAction: ActionType {
    case increment
    case decrement
    case loadStarted
    case loaded(Int)
}

/// The app's store: one typed reducer for the counter's substate.
func makeStore() -> Store {
    let store = Store()
    store.register(CounterState.self, for: CounterAction.self) { state, action in
        switch action {
        case .increment:
            state.count += 1
        case .decrement:
            state.count -= 1
        case .loadStarted:
            state.isLoading = true
        case .loaded(let count):
            state.count = count
            state.isLoading = false
        }
    }
    store.dispatch(action: StoreAction.add(states: [CounterState()]))
    return store
}
// snippet-end: rxstate-counter-state

// snippet: rxstate-counter-screen
/// The screen: observes its substate and runs the side effect (an action creator outside the
/// store), keeping the load's task so that a newer load, or the screen going away, cancels it.
@MainActor
final class CounterScreen {
    private let store: Store
    private let server: CounterServer
    private let scope = DisposableScope()  // ends the observation when the screen goes
    private var loading: Task<Void, Never>?

    init(store: Store, server: CounterServer) {
        self.store = store
        self.server = server
        // The current substate first, then each change; on the dispatching thread (the main
        // thread here: every dispatch below is made there).
        scope += store.substateSignal(CounterState.self).observe { state in
            print("count: \(state.count)\(state.isLoading ? ", loading..." : "")")
        }
    }

    deinit {
        loading?.cancel()  // the screen is gone: stop its request
    }

    func incrementTapped() {
        store.dispatch(action: CounterAction.increment)
    }

    /// Starts a load, cancelling the one in flight. The returned task is for tests and for this
    /// console program; a view controller ignores it.
    @discardableResult
    func loadTapped() -> Task<Void, Never> {
        loading?.cancel()
        store.dispatch(action: CounterAction.loadStarted)
        // Created on the main actor, so the task runs there too.
        let task = Task { [store, server] in
            guard let count = try? await server.fetchCount() else { return }  // cancelled
            guard !Task.isCancelled else { return }  // cancelled after the answer arrived
            store.dispatch(action: CounterAction.loaded(count))
        }
        loading = task
        return task
    }
}
// snippet-end: rxstate-counter-screen
