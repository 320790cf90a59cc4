import ArchitectureHarness

/// Workload 6: the harness's repository search, end to end, with a fake client that answers at
/// once. One operation is a search for a query (page 1) followed by the next page, each awaited
/// until the screen stops loading: intents on the main actor, the request in a task, the response
/// dispatched back, the view told.
let searchEndToEnd: [Case] = {
    func searches(
        _ makeScreen: @escaping @MainActor @Sendable (FakeSearchClient) -> any BenchmarkedSearchScreen
    ) -> Body {
        .mainActorAsync {
            let screen = makeScreen(FakeSearchClient(latency: .none))
            let queries = (0..<8).map { "swift \($0)" }
            var next = 0
            return AsyncLoop(run: { count in
                for _ in 0..<count {
                    await screen.searchAndLoadTwoPages(queries[next % queries.count])
                    next += 1
                }
            })
        }
    }
    return [
        Case(
            "W6", "Baseline", iterationsPerSample: 1, callgrindIterations: 0,
            body: searches { client in BaselineSearchScreen(client: client) })
    ]
        + Architecture.allCases.map { architecture in
            Case(
                "W6", name(of: architecture), iterationsPerSample: 1, callgrindIterations: 0,
                body: searches { client in
                    HarnessScreen(screen: SearchModel.makeScreen(architecture, client: client))
                })
        }
}()

func name(of architecture: Architecture) -> String {
    switch architecture {
    case .prex: "PrexCore"
    case .vueFlux: "VueFluxCore"
    case .rxState: "RxStateCore"
    }
}

/// What the benchmark drives: the harness's screens and the baseline's.
@MainActor
protocol BenchmarkedSearchScreen: AnyObject, Sendable {
    func search(_ query: String)
    func loadNextPage()
    var isLoading: Bool { get }
}

extension BenchmarkedSearchScreen {
    /// One operation: search, wait for page 1, ask for page 2, wait for it.
    func searchAndLoadTwoPages(_ query: String) async {
        search(query)
        while isLoading { await Task.yield() }
        loadNextPage()
        while isLoading { await Task.yield() }
    }
}

@MainActor
final class HarnessScreen: BenchmarkedSearchScreen {
    let screen: any SearchScreen

    init(screen: any SearchScreen) {
        self.screen = screen
    }

    func search(_ query: String) { screen.search(query) }
    func loadNextPage() { screen.loadNextPage() }
    var isLoading: Bool { screen.state.isLoading }
}

/// The search on the baseline store: the harness's reference reducer behind one lock, a task per
/// request, one observer standing for the view.
@MainActor
final class BaselineSearchScreen: BenchmarkedSearchScreen {
    private let store = BaselineStore(state: SearchModel.initialState)
    private let client: any SearchClient
    private var task: Task<Void, Never>?

    init(client: any SearchClient) {
        self.client = client
        _ = store.subscribe { blackHole($0.repositories.count) }
    }

    func search(_ query: String) {
        task?.cancel()
        store.dispatch { SearchModel.reduce(&$0, .search(query)) }
        request(store.state.pendingRequest)
    }

    func loadNextPage() {
        store.dispatch { SearchModel.reduce(&$0, .loadNextPage) }
        request(store.state.pendingRequest)
    }

    var isLoading: Bool { store.state.isLoading }

    private func request(_ request: SearchRequest?) {
        guard let request else { return }
        let client = self.client
        let store = self.store
        task = Task {
            let result: Result<SearchPage, SearchError>
            do {
                result = .success(try await client.search(request))
            } catch let error as SearchError {
                result = .failure(error)
            } catch {
                return  // cancelled
            }
            store.dispatch { SearchModel.reduce(&$0, .received(request, result)) }
        }
    }
}
