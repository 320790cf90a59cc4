import ReactiveLite
import VueFluxCore

// snippet: search-vueflux
/// Repository search in VueFlux: the mutations keep the state, an asynchronous action creator runs
/// the request, and the view controller keeps the task so that a new search or a cancel cancels
/// it. The mutations ignore a response that is not to the pending request.
///
/// The screen's fields live in one variable, not one variable each: a variable announces every
/// write, so an action that changes several fields would otherwise show the view states in between
/// (loading stopped but results not there yet). One write per action keeps each announcement a
/// whole state.
enum VueFluxSearch {
    struct Screen: Equatable {
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

    enum Action {
        case search(String)
        case loadNextPage
        case cancel
        case received(SearchRequest, Result<SearchPage, SearchError>)
    }

    final class State: VueFluxCore.State {
        typealias Action = VueFluxSearch.Action
        typealias Mutations = VueFluxSearch.Mutations

        fileprivate let screen = Variable(Screen())
    }

    struct Mutations: VueFluxCore.Mutations {
        func commit(action: VueFluxSearch.Action, state: VueFluxSearch.State) {
            var screen = state.screen.value
            switch action {
            case .search(let query):
                screen = Screen(query: query, isLoading: !query.isEmpty)
            case .loadNextPage:
                guard screen.nextPageRequest != nil else { return }
                screen.isLoading = true
                screen.error = nil
            case .cancel:
                guard screen.isLoading else { return }
                screen.isLoading = false
            case .received(let request, .success(let page)):
                guard request == screen.pendingRequest else { return }
                screen.isLoading = false
                screen.repositories += page.repositories
                screen.page = request.page
                screen.hasMore = page.hasMore
            case .received(let request, .failure(let error)):
                guard request == screen.pendingRequest else { return }
                screen.isLoading = false
                screen.error = error
            }
            state.screen.value = screen
        }
    }

    @MainActor
    final class ViewController {
        let store = Store<State>(state: State(), mutations: Mutations(), executor: .immediate)
        private let client: any SearchClient
        private var request: Task<Void, Never>?

        init(client: any SearchClient) {
            self.client = client
        }

        // Not `isolated deinit`: that needs the Swift 6.2 runtime (iOS 26), above the floor.
        deinit {
            request?.cancel()
        }

        func search(_ query: String) {
            request?.cancel()
            store.actions.search(query)
            if !query.isEmpty {
                fetch(SearchRequest(query: query, page: 1))
            }
        }

        func loadNextPage() {
            guard let next = store.computed.screen.value.nextPageRequest else { return }
            store.actions.loadNextPage()
            fetch(next)
        }

        func cancel() {
            request?.cancel()
            store.actions.cancel()
        }

        private func fetch(_ next: SearchRequest) {
            request?.cancel()
            let actions = store.actions
            request = Task { [client] in
                await actions.fetch(next, from: client)
            }
        }
    }
}

extension Computed where State == VueFluxSearch.State {
    var screen: Constant<VueFluxSearch.Screen> {
        state.screen.constant
    }
}

extension Actions where State == VueFluxSearch.State {
    func search(_ query: String) {
        dispatch(action: .search(query))
    }

    func loadNextPage() {
        dispatch(action: .loadNextPage)
    }

    func cancel() {
        dispatch(action: .cancel)
    }

    func fetch(_ request: SearchRequest, from client: any SearchClient) async {
        await withStoreLifetime {
            do {
                let page = try await client.search(request)
                dispatch(action: .received(request, .success(page)))
            } catch let error as SearchError {
                dispatch(action: .received(request, .failure(error)))
            } catch {
                // Cancelled: by a newer request, a cancel, or the store going away.
            }
        }
    }
}
// snippet-end: search-vueflux
