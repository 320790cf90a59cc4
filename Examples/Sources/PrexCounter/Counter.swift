import CounterServer
import PrexCore

// snippet: prex-counter-state
struct CounterState: State {
    var count = 0
    var isLoading = false
}

enum CounterAction: Action {
    case increment
    case decrement
    case loadStarted
    case loaded(Int)
}

struct CounterMutation: Mutation {
    func mutate(action: CounterAction, state: inout CounterState) {
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
}
// snippet-end: prex-counter-state

// snippet: prex-counter-presenter
/// The presenter runs the side effect: a load from the server, in a task it keeps so that a newer
/// load, or the screen going away, cancels it.
final class CounterPresenter: Presenter<CounterAction, CounterState> {
    private let server: CounterServer
    private var loading: Task<Void, Never>?

    init(view: some View<CounterState>, server: CounterServer) {
        self.server = server
        super.init(view: view, flux: Flux(state: CounterState(), mutation: CounterMutation()))
    }

    deinit {
        loading?.cancel()  // the screen is gone: stop its request
    }

    func increment() {
        dispatch(.increment)
    }

    func decrement() {
        if state.count > 0 {
            dispatch(.decrement)
        }
    }

    /// Loads the count saved on the server. A newer load cancels this one. The returned task is
    /// for tests and for this console program; a view controller ignores it.
    @discardableResult
    func load() -> Task<Void, Never> {
        loading?.cancel()
        dispatch(.loadStarted)
        // The presenter is main-actor isolated, so this task runs there too.
        let task = Task { [weak self, server] in
            guard let count = try? await server.fetchCount() else { return }  // cancelled
            // Cancelling happens on the main actor as well, so this check is exact: a load
            // cancelled after its answer arrived dispatches nothing.
            guard !Task.isCancelled else { return }
            self?.dispatch(.loaded(count))
        }
        loading = task
        return task
    }
}
// snippet-end: prex-counter-presenter

// snippet: prex-counter-view
/// A console "view": prints what changed.
final class ConsoleCounterView: View {
    func reflect(change: StateChange<CounterState>) {
        if let count = change.count?.value {
            print("count: \(count)")
        }
        if let isLoading = change.isLoading?.value {
            print(isLoading ? "loading..." : "idle")
        }
    }
}
// snippet-end: prex-counter-view
