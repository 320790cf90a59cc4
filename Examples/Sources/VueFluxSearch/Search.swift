import ReactiveLite
import VueFluxCore

// A debounced repository search: the action creator's effect waits out the typing on an injected
// clock, then asks an injected client. The state, its mutations, its computed properties and its
// actions share one file, so that the state's `fileprivate` variables are reachable here and
// nowhere else.

enum SearchAction: Equatable {
    case queryChanged(String)
    case searchStarted
    case loaded([String])
    case failed(String)
}

final class SearchState: State {
    typealias Action = SearchAction
    typealias Mutations = SearchMutations

    fileprivate let query = Variable("")
    fileprivate let isLoading = Variable(false)
    fileprivate let repositories = Variable<[String]>([])
    fileprivate let errorMessage = Variable<String?>(nil)
}

struct SearchMutations: Mutations {
    func commit(action: SearchAction, state: SearchState) {
        switch action {
        case .queryChanged(let query):
            state.query.value = query
        case .searchStarted:
            state.isLoading.value = true
            state.errorMessage.value = nil
        case .loaded(let repositories):
            state.isLoading.value = false
            state.repositories.value = repositories
        case .failed(let message):
            state.isLoading.value = false
            state.errorMessage.value = message
        }
    }
}

extension Computed where State == SearchState {
    var query: Constant<String> { state.query.constant }
    var isLoading: Constant<Bool> { state.isLoading.constant }
    var repositories: Constant<[String]> { state.repositories.constant }
    var errorMessage: Constant<String?> { state.errorMessage.constant }
}

// snippet: vueflux-search
/// What the search's effect needs, handed to the action creator: no globals.
@available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
struct SearchDependencies: Sendable {
    var search: @Sendable (String) async throws -> [String]
    var clock: any Clock<Duration>
}

enum SearchEffect: Hashable, Sendable {
    case search
}

@available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
extension Actions where State == SearchState {
    func queryChanged(_ query: String, using dependencies: SearchDependencies) {
        dispatch(action: .queryChanged(query))
        runEffect(id: SearchEffect.search) { dispatch in
            try await dependencies.clock.sleep(for: .milliseconds(300))
            await dispatch(.searchStarted)
            do {
                await dispatch(.loaded(try await dependencies.search(query)))
            } catch {
                await dispatch(.failed("\(error)"))
            }
        }
    }
}
// snippet-end: vueflux-search

/// The screen: owns the store and prints what it shows. When the screen goes, so does its store,
/// and the store's going cancels the search in flight.
@available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
@MainActor
final class SearchScreen {
    private let store = Store<SearchState>(state: .init(), mutations: .init(), executor: .mainThread)
    private let dependencies: SearchDependencies
    private let scope = DisposableScope()  // ends the observations when the screen goes

    init(dependencies: SearchDependencies) {
        self.dependencies = dependencies
        // A signal announces the current value first, and a `Variable` every write: skip repeats,
        // and the empty initial values.
        let computed = store.computed
        scope += computed.query.signal.skipRepeats().filter { !$0.isEmpty }
            .observe { query in print("query: \(query)") }
        scope += computed.isLoading.signal.skipRepeats().filter { $0 }
            .observe { _ in print("loading...") }
        scope += computed.repositories.signal.skipRepeats().filter { !$0.isEmpty }
            .observe { repositories in print("results: \(repositories.joined(separator: ", "))") }
        scope += computed.errorMessage.signal.skipRepeats()
            .observe { message in
                if let message {
                    print("error: \(message)")
                }
            }
    }

    func queryChanged(_ query: String) {
        store.actions.queryChanged(query, using: dependencies)
    }

    /// Waits until the store has nothing in flight: a console program's stand-in for watching the
    /// screen.
    func settle() async throws {
        while !store.effectsInFlight.isEmpty {
            try await dependencies.clock.sleep(for: .milliseconds(5))
        }
    }
}
