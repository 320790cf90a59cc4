import CounterServer
import ReactiveLite
import VueFluxCore

// The state, its mutations, its computed properties and its actions share one file, so that the
// state's `fileprivate` variables are reachable here and nowhere else.

// snippet: vueflux-counter-state
enum CounterAction: Sendable {
    case increment
    case decrement
    case loadStarted
    case loaded(Int)
}

final class CounterState: State {
    typealias Action = CounterAction
    typealias Mutations = CounterMutations

    fileprivate let count = Variable(0)
    fileprivate let isLoading = Variable(false)
}

struct CounterMutations: Mutations {
    func commit(action: CounterAction, state: CounterState) {
        switch action {
        case .increment:
            state.count.value += 1
        case .decrement:
            state.count.value -= 1
        case .loadStarted:
            state.isLoading.value = true
        case .loaded(let count):
            state.count.value = count
            state.isLoading.value = false
        }
    }
}

extension Computed where State == CounterState {
    var count: Constant<Int> {
        state.count.constant
    }

    var isLoading: Constant<Bool> {
        state.isLoading.constant
    }
}
// snippet-end: vueflux-counter-state

// snippet: vueflux-counter-actions
extension Actions where State == CounterState {
    func increment() {
        dispatch(action: .increment)
    }

    func decrement() {
        dispatch(action: .decrement)
    }

    /// Loads the count saved on the server; cancelled with the store, or with the calling task.
    func load(from server: CounterServer) async {
        // The body runs on the main actor, where the screen dispatches: its actions reach the
        // store in the order the user caused them.
        await withStoreLifetime { @MainActor in
            dispatch(action: .loadStarted)
            guard let count = try? await server.fetchCount() else { return }  // cancelled
            guard !Task.isCancelled else { return }
            dispatch(action: .loaded(count))
        }
    }
}
// snippet-end: vueflux-counter-actions

// snippet: vueflux-counter-screen
/// The screen: owns the store, shows it, and keeps the load's task so that a newer load cancels it.
/// No deinit is needed: when the screen goes, so does its store, and `withStoreLifetime` cancels
/// the load in flight.
@MainActor
final class CounterScreen {
    private let store = Store<CounterState>(state: .init(), mutations: .init(), executor: .mainThread)
    private let server: CounterServer
    private let scope = DisposableScope()  // ends the observations when the screen goes
    private var loading: Task<Void, Never>?

    init(server: CounterServer) {
        self.server = server
        // `observe` returns a Disposable; keep it (here in the scope) to end the observation.
        // Dropping it does not end it: the observer would go on as long as the store's state lives.
        scope += store.computed.count.signal.observe { count in print("count: \(count)") }
        scope += store.computed.isLoading.signal
            .skipRepeats()  // a Variable announces every write, equal or not
            .observe { isLoading in print(isLoading ? "loading..." : "idle") }
    }
    // snippet-end: vueflux-counter-screen

    // snippet: vueflux-counter-screen-load
    func incrementTapped() {
        store.actions.increment()
    }

    /// Starts a load, cancelling the one in flight. The returned task is for tests and for this
    /// console program; a view controller ignores it.
    @discardableResult
    func loadTapped() -> Task<Void, Never> {
        loading?.cancel()
        let actions = store.actions
        let task = Task { [server] in
            await actions.load(from: server)
        }
        loading = task
        return task
    }
}
// snippet-end: vueflux-counter-screen-load
