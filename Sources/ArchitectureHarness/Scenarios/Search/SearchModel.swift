/// The repository-search scenario's reference model (after the GitHub search examples of Prex and
/// VueFlux): a query, paged results, a loading flag, errors, and responses to stale requests that
/// must be ignored.
///
/// Its inputs are what the store sees: the user's intents (`search`, `loadNextPage`, `cancel`) and
/// the side effect's results (`received`). A screen (``SearchScreen``) turns intents into requests
/// to a ``SearchClient`` and feeds the responses back; the differential test drives the inputs
/// directly, stale responses included.
public enum SearchModel: ComparableScenario {
    /// What reaches the store.
    public enum Action: Sendable, Equatable {
        /// The user searches for a query: results are cleared, and page 1 is loading unless the
        /// query is empty.
        case search(String)
        /// The user asks for the next page; ignored unless ``State/nextPageRequest`` is set.
        case loadNextPage
        /// The user stops waiting: loading stops, and the pending response will be ignored.
        case cancel
        /// A response arrived; applied only if it answers ``State/pendingRequest``, else ignored as
        /// stale.
        case received(SearchRequest, Result<SearchPage, SearchError>)
    }

    /// What a search screen shows.
    public struct State: Equatable, Sendable {
        /// The query searched for last.
        public var query = ""
        /// The results loaded so far, page after page.
        public var repositories: [Repository] = []
        /// The last page loaded, 0 before the first.
        public var page = 0
        /// Whether a page after ``page`` exists.
        public var hasMore = false
        /// Whether a request is pending.
        public var isLoading = false
        /// The error of the last request, until the next one starts.
        public var error: SearchError?

        /// Creates the empty state.
        public init() {}

        /// The request a response must answer to be applied: the next page while loading.
        public var pendingRequest: SearchRequest? {
            isLoading ? SearchRequest(query: query, page: page + 1) : nil
        }

        /// The request `loadNextPage` starts: the next page if there is a query, no request is
        /// pending, and a next page exists (or the first one failed).
        public var nextPageRequest: SearchRequest? {
            guard !isLoading, !query.isEmpty, page == 0 || hasMore else { return nil }
            return SearchRequest(query: query, page: page + 1)
        }
    }

    /// Nothing searched yet.
    public static var initialState: State { State() }

    /// Applies one input to the screen's state.
    public static func reduce(_ state: inout State, _ action: Action) {
        switch action {
        case .search(let query):
            state = State()
            state.query = query
            state.isLoading = !query.isEmpty
        case .loadNextPage:
            if state.nextPageRequest != nil {
                state.isLoading = true
                state.error = nil
            }
        case .cancel:
            state.isLoading = false
        case .received(let request, let result):
            guard request == state.pendingRequest else { return }
            state.isLoading = false
            switch result {
            case .success(let page):
                state.repositories += page.repositories
                state.page = request.page
                state.hasMore = page.hasMore
            case .failure(let error):
                state.error = error
            }
        }
    }

    /// Searches among a few queries (the empty one included), page requests, cancels, and responses
    /// that are mostly to the pending request, sometimes stale, sometimes failures.
    public static func randomAction(in state: State, using generator: inout some RandomNumberGenerator)
        -> Action
    {
        let queries = ["", "swift", "vue", "rx"]
        let query = queries[Int.random(in: 0..<queries.count, using: &generator)]
        switch Int.random(in: 0..<10, using: &generator) {
        case 0..<2:
            return .search(query)
        case 2..<4:
            return .loadNextPage
        case 4:
            return .cancel
        default:
            let request =
                if let pending = state.pendingRequest, Int.random(in: 0..<4, using: &generator) > 0 {
                    pending
                } else {
                    SearchRequest(query: query, page: Int.random(in: 1...3, using: &generator))
                }
            let client = FakeSearchClient()
            if Int.random(in: 0..<5, using: &generator) == 0 {
                return .received(request, .failure(Bool.random(using: &generator) ? .offline : .rateLimited))
            }
            return .received(request, client.outcome(for: request))
        }
    }

    /// The search store on `architecture`, driven by the inputs directly (no side effect).
    public static func makeDriver(_ architecture: Architecture) -> any ScenarioDriver<SearchModel> {
        switch architecture {
        case .prex: PrexDriver<PrexSearchAdapter>()
        case .vueFlux: VueFluxDriver<VueFluxSearchAdapter>()
        case .rxState: RxStateDriver<RxStateSearchAdapter>()
        }
    }
}
