import ReactiveLite
import RxStateCore

// A debounced repository search: the middleware's effect waits out the typing on an injected
// clock, then asks an injected client.

struct SearchState: SubstateType, Equatable {
    var query = ""
    var isLoading = false
    var repositories: [String] = []
    var errorMessage: String?
}

enum SearchAction: ActionType, Equatable {
    case queryChanged(String)
    case searchStarted
    case loaded([String])
    case failed(String)
}

// snippet: rxstate-search
/// What the search's effect needs, handed to the middleware: no globals.
@available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
struct SearchDependencies: Sendable {
    var search: @Sendable (String) async throws -> [String]
    var clock: any Clock<Duration>
}

enum SearchEffect: Hashable, Sendable {
    case search
}

/// Starts the search after each keystroke, debounced.
@available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
struct SearchMiddleware: InterceptingMiddlewareType {
    let dependencies: SearchDependencies

    func intercept(
        action: any ActionType, store: Store, next: @escaping @Sendable (any ActionType) -> Void
    ) {
        next(action)
        guard case .queryChanged(let query) = action as? SearchAction else { return }
        store.runEffect(id: SearchEffect.search) { [dependencies] dispatch in
            try await dependencies.clock.sleep(for: .milliseconds(300))
            await dispatch(SearchAction.searchStarted)
            do {
                await dispatch(SearchAction.loaded(try await dependencies.search(query)))
            } catch {
                await dispatch(SearchAction.failed("\(error)"))
            }
        }
    }
}

/// A store with the search's reducer and middleware.
@available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
func makeSearchStore(dependencies: SearchDependencies) -> Store {
    let store = Store()
    store.register(SearchState.self, for: SearchAction.self) { state, action in
        switch action {
        case .queryChanged(let query):
            state.query = query
        case .searchStarted:
            state.isLoading = true
            state.errorMessage = nil
        case .loaded(let repositories):
            state.isLoading = false
            state.repositories = repositories
        case .failed(let message):
            state.isLoading = false
            state.errorMessage = message
        }
    }
    store.register(interceptors: [SearchMiddleware(dependencies: dependencies)])
    return store
}
// snippet-end: rxstate-search

/// The screen: observes the search's substate and prints what it shows. The store is the app's and
/// outlives the screen, so the screen cancels its search when it goes.
@available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
@MainActor
final class SearchScreen {
    private let store: Store
    private let scope = DisposableScope()  // ends the observations when the screen goes

    init(store: Store) {
        self.store = store
        // The current substate first, then each change, on the dispatching thread (an effect's,
        // for what the search dispatches). Skip repeats, and the empty initial values.
        let state = store.substateSignal(SearchState.self)
        scope += state.map(\.query).skipRepeats().filter { !$0.isEmpty }
            .observe { query in print("query: \(query)") }
        scope += state.map(\.isLoading).skipRepeats().filter { $0 }
            .observe { _ in print("loading...") }
        scope += state.map(\.repositories).skipRepeats().filter { !$0.isEmpty }
            .observe { repositories in print("results: \(repositories.joined(separator: ", "))") }
        scope += state.map(\.errorMessage).skipRepeats()
            .observe { message in
                if let message {
                    print("error: \(message)")
                }
            }
    }

    deinit {
        store.cancelEffect(id: SearchEffect.search)  // the screen is gone: stop its search
    }

    func queryChanged(_ query: String) {
        store.dispatch(action: SearchAction.queryChanged(query))
    }

    /// Waits until the store has nothing in flight: a console program's stand-in for watching the
    /// screen.
    func settle(on clock: ContinuousClock) async throws {
        while !store.effectsInFlight.isEmpty {
            try await clock.sleep(for: .milliseconds(5))
        }
    }
}
