import ArchitectureHarness
import Benchmark

/// Workload 6: the harness's repository search, end to end, with a fake client that answers at
/// once. One operation is a search for a query (page 1) followed by the next page, each awaited
/// until the screen stops loading: intents on the main actor, the request in a task, the response
/// dispatched back, the view told.
func registerSearchEndToEnd() {
    let config = configuration(scaling: .one)

    Benchmark("W6.Baseline", configuration: config) { benchmark in
        await runSearches(benchmark) { client in BaselineSearchScreen(client: client) }
    }
    for architecture in Architecture.allCases {
        Benchmark("W6.\(name(of: architecture))", configuration: config) { benchmark in
            await runSearches(benchmark) { client in
                HarnessScreen(screen: SearchModel.makeScreen(architecture, client: client))
            }
        }
    }
}

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

/// Hands the benchmark to the main actor for the measurement loop. `@unchecked Sendable`: the
/// `Benchmark` object is not `Sendable`, but only one task uses it at a time: the caller awaits the
/// main-actor loop and touches the benchmark again only after it returns.
struct BenchmarkHandle: @unchecked Sendable {
    let benchmark: Benchmark
}

func runSearches(
    _ benchmark: Benchmark,
    makeScreen: @escaping @MainActor @Sendable (FakeSearchClient) -> any BenchmarkedSearchScreen
) async {
    await measureSearches(BenchmarkHandle(benchmark: benchmark), makeScreen: makeScreen)
}

/// The whole loop runs on the main actor, as a screen's intents do, so no operation pays for a hop
/// onto it; each operation waits for the screen to stop loading by yielding the main actor.
@MainActor
func measureSearches(
    _ handle: BenchmarkHandle,
    makeScreen: @MainActor (FakeSearchClient) -> any BenchmarkedSearchScreen
) async {
    let benchmark = handle.benchmark
    let screen = makeScreen(FakeSearchClient(latency: .none))
    let queries = (0..<8).map { "swift \($0)" }
    benchmark.startMeasurement()
    for iteration in benchmark.scaledIterations {
        await screen.searchAndLoadTwoPages(queries[iteration % queries.count])
    }
    benchmark.stopMeasurement()
}
