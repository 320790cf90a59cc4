import Foundation
import RxStateCore

// snippet: search-rxstate
/// Repository search in RxState: the reducer keeps the substate, and an intercepting middleware
/// runs the side effect, Redux style: it sees `search`, `loadNextPage` and `cancel` on their way to
/// the reducer, cancels the request in flight, starts the next one, and dispatches what it gets.
/// The reducer ignores a response that is not to the pending request.
enum RxStateSearch {
    struct State: SubstateType, Equatable {
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

    enum Action: ActionType {
        case search(String)
        case loadNextPage
        case cancel
        case received(SearchRequest, Result<SearchPage, SearchError>)
    }

    static func reduce(_ state: inout State, _ action: Action) {
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

    static func makeStore() -> Store {
        let store = Store()
        store.register(State.self, for: Action.self, reducer: reduce)
        store.dispatch(action: StoreAction.add(states: [State()]))
        return store
    }

    /// `@unchecked Sendable`: `request` is only touched while `lock` is held.
    final class Effects: InterceptingMiddlewareType, @unchecked Sendable {
        private let client: any SearchClient
        private let lock = NSLock()
        private var request: Task<Void, Never>?

        init(client: any SearchClient) {
            self.client = client
        }

        deinit {
            request?.cancel()
        }

        func intercept(action: ActionType, store: Store, next: @escaping @Sendable (ActionType) -> Void) {
            switch action as? Action {
            case .search(let query)?:
                replaceRequest(query.isEmpty ? nil : SearchRequest(query: query, page: 1), store: store)
            case .loadNextPage?:
                if let request = store.substate(State.self)?.nextPageRequest {
                    replaceRequest(request, store: store)
                }
            case .cancel?:
                replaceRequest(nil, store: store)
            default:
                break
            }
            next(action)
        }

        private func replaceRequest(_ next: SearchRequest?, store: Store) {
            let task = next.map { next in
                Task { [weak store, client] in
                    do {
                        let page = try await client.search(next)
                        store?.dispatch(action: Action.received(next, .success(page)))
                    } catch let error as SearchError {
                        store?.dispatch(action: Action.received(next, .failure(error)))
                    } catch {
                        // Cancelled by a newer request, a cancel, or the store going away.
                    }
                }
            }
            let previous = lock.withLock {
                defer { request = task }
                return request
            }
            previous?.cancel()
        }
    }
}
// snippet-end: search-rxstate
