import PrexCore

// snippet: search-prex
/// Repository search in Prex: the mutation keeps the state, and the presenter runs the side
/// effect. Each request runs in a task the presenter keeps; a new search or a cancel cancels it,
/// and the mutation ignores a response that is not to the pending request (a stale one that
/// arrives anyway).
enum PrexSearch {
    struct State: PrexCore.State, Equatable {
        var query = ""
        var repositories: [Repository] = []
        var page = 0
        var hasMore = false
        var isLoading = false
        var error: SearchError?

        var pendingRequest: SearchRequest? {
            isLoading ? SearchRequest(query: query, page: page + 1) : nil
        }

        var nextPageRequest: SearchRequest? {
            guard !isLoading, !query.isEmpty, page == 0 || hasMore else { return nil }
            return SearchRequest(query: query, page: page + 1)
        }
    }

    enum Action: PrexCore.Action {
        case search(String)
        case loadNextPage
        case cancel
        case received(SearchRequest, Result<SearchPage, SearchError>)
    }

    struct Mutation: PrexCore.Mutation {
        func mutate(action: PrexSearch.Action, state: inout PrexSearch.State) {
            switch action {
            case .search(let query):
                state = State(query: query, isLoading: !query.isEmpty)
            case .loadNextPage:
                guard state.nextPageRequest != nil else { return }
                state.isLoading = true
                state.error = nil
            case .cancel:
                state.isLoading = false
            case .received(let request, .success(let page)):
                guard request == state.pendingRequest else { return }
                state.isLoading = false
                state.repositories += page.repositories
                state.page = request.page
                state.hasMore = page.hasMore
            case .received(let request, .failure(let error)):
                guard request == state.pendingRequest else { return }
                state.isLoading = false
                state.error = error
            }
        }
    }

    final class Presenter: PrexCore.Presenter<Action, State> {
        private let client: any SearchClient
        private var request: Task<Void, Never>?

        init<V: View>(view: V, client: any SearchClient) where V.State == State {
            self.client = client
            super.init(view: view, flux: Flux(state: State(), mutation: Mutation()))
        }

        // Not `isolated deinit`: that needs the Swift 6.2 runtime (iOS 26), above the floor.
        deinit {
            request?.cancel()
        }

        func search(_ query: String) {
            request?.cancel()
            dispatch(.search(query))
            if !query.isEmpty {
                fetch(SearchRequest(query: query, page: 1))
            }
        }

        func loadNextPage() {
            guard let next = state.nextPageRequest else { return }
            dispatch(.loadNextPage)
            fetch(next)
        }

        func cancel() {
            request?.cancel()
            dispatch(.cancel)
        }

        private func fetch(_ next: SearchRequest) {
            request?.cancel()
            request = Task { [weak self, client] in
                do {
                    let page = try await client.search(next)
                    self?.dispatch(.received(next, .success(page)))
                } catch let error as SearchError {
                    self?.dispatch(.received(next, .failure(error)))
                } catch {
                    // Cancelled: a newer request or a cancel has already changed the state.
                }
            }
        }
    }
}
// snippet-end: search-prex
