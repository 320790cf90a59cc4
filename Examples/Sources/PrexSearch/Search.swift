import PrexCore

// A debounced repository search: the presenter's effect waits out the typing on an injected
// clock, then asks an injected client.

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

// snippet: prex-search
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
// snippet-end: prex-search

/// A console "view": prints what changed.
final class ConsoleSearchView: View {
    func reflect(change: StateChange<SearchState>) {
        if let query = change.query?.value {
            print("query: \(query)")
        }
        if change.isLoading?.value == true {
            print("loading...")
        }
        if let repositories = change.repositories?.value {
            print("results: \(repositories.joined(separator: ", "))")
        }
        if let message = change.errorMessage?.value ?? nil {
            print("error: \(message)")
        }
    }
}
