import PrexCore
import PrexCoreTesting
import TestStoreSupport

// The fixture of the test store's own effect tests: a debounced search, the presenter's effect
// waiting out the typing on an injected clock, then asking an injected client. The walkthrough of
// the docs, with its tests, is the same feature in Examples/ (PrexSearch).

struct SearchState: State, Equatable {
    var query = ""
    var isLoading = false
    var repositories: [String] = []
    var errorMessage: String?
}

enum SearchAction: Action, Equatable {
    case queryChanged(String)
    case searchStarted
    case loaded([String])
    case failed(String)
}

struct SearchMutation: Mutation {
    func mutate(action: SearchAction, state: inout SearchState) {
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
}

/// What the search's effect needs, handed to the presenter: no globals.
@available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
struct SearchDependencies: Sendable {
    var search: @Sendable (String) async throws -> [String]
    var clock: any Clock<Duration>
}

enum SearchEffect: Hashable, Sendable {
    case search
}

@available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
final class SearchPresenter: Presenter<SearchAction, SearchState> {
    private let dependencies: SearchDependencies

    init(view: some View<SearchState>, dependencies: SearchDependencies) {
        self.dependencies = dependencies
        super.init(view: view, flux: Flux(state: SearchState(), mutation: SearchMutation()))
    }

    func queryChanged(_ query: String) {
        dispatch(.queryChanged(query))
        runEffect(id: SearchEffect.search) { [dependencies] dispatch in
            try await dependencies.clock.sleep(for: .milliseconds(300))
            await dispatch(.searchStarted)
            do {
                await dispatch(.loaded(try await dependencies.search(query)))
            } catch {
                await dispatch(.failed("\(error)"))
            }
        }
    }

    func cancelSearch() {
        cancelEffect(id: SearchEffect.search)
    }
}

@available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
extension SearchPresenter {
    /// The line of `runEffect` in `queryChanged(_:)`, which failure messages name.
    nonisolated static let effectLine = 63
}

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

// snippet: legacy-sleep
/// The search's dependencies for an app that supports iOS 13 to 15, where `Clock` and `Duration`
/// do not exist: the effect sleeps through a closure that takes nanoseconds.
struct LegacySearchDependencies: Sendable {
    var search: @Sendable (String) async throws -> [String]
    var sleep: @Sendable (_ nanoseconds: UInt64) async throws -> Void

    /// What the app hands its presenter: the real sleep.
    static func live(search: @escaping @Sendable (String) async throws -> [String]) -> Self {
        Self(search: search, sleep: { try await Task.sleep(nanoseconds: $0) })
    }

    /// What a test hands it: the test clock's sleep (the test itself runs on a recent system).
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    static func onTestClock(search: @escaping @Sendable (String) async throws -> [String], clock: TestClock)
        -> Self
    {
        Self(search: search, sleep: { try await clock.sleep(for: .nanoseconds($0)) })
    }
}
// snippet-end: legacy-sleep
