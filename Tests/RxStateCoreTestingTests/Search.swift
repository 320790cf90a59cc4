import RxStateCore
import RxStateCoreTesting
import TestStoreSupport

// The fixture of the test store's own effect tests: a debounced search whose middleware's effect
// waits out the typing on an injected clock, then asks an injected client. The walkthrough of the
// docs, with its tests, is the same feature in Examples/ (RxStateSearch).

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

/// The line of `runEffect` above, which failure messages name.
let searchEffectLine = 44

/// A search server for tests: answers after a second on the test clock, and records the queries it
/// was asked.
@available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
final class FakeServer: Sendable {
    let clock: TestClock
    private let record = LockedBox<[String]>([])

    init(clock: TestClock) {
        self.clock = clock
    }

    var asked: [String] { record.withLock { $0 } }

    func search(_ query: String) async throws -> [String] {
        record.withLock { $0.append(query) }
        try await clock.sleep(for: .seconds(1))
        return ["\(query)/one", "\(query)/two"]
    }

    var dependencies: SearchDependencies {
        SearchDependencies(search: { try await self.search($0) }, clock: clock)
    }
}

/// The clock and server of one test, and the test store it drives.
@available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
@MainActor
struct SearchFixture {
    let clock = TestClock()
    let server: FakeServer

    init() {
        server = FakeServer(clock: clock)
    }

    func makeStore(exhaustivity: Exhaustivity = .on) -> TestStore<SearchState> {
        TestStore(
            initialState: SearchState(), store: makeSearchStore(dependencies: server.dependencies),
            exhaustivity: exhaustivity)
    }
}
