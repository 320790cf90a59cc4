import ReactiveLite
import TestStoreSupport
import VueFluxCore
import VueFluxCoreTesting

// The fixture of the test store's own effect tests: a debounced search whose action creator's
// effect waits out the typing on an injected clock, then asks an injected client. The walkthrough
// of the docs, with its tests, is the same feature in Examples/ (VueFluxSearch).

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

/// What the tests compare.
struct SearchSnapshot: Equatable {
    var query = ""
    var isLoading = false
    var repositories: [String] = []
    var errorMessage: String?

    init(_ computed: Computed<SearchState>) {
        query = computed.query.value
        isLoading = computed.isLoading.value
        repositories = computed.repositories.value
        errorMessage = computed.errorMessage.value
    }
}

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

/// The line of `runEffect` above, which failure messages name.
let searchEffectLine = 82

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

    var dependencies: SearchDependencies {
        server.dependencies
    }

    func makeStore(exhaustivity: Exhaustivity = .on) -> TestStore<SearchState, SearchSnapshot> {
        TestStore(state: SearchState(), mutations: SearchMutations(), exhaustivity: exhaustivity) {
            SearchSnapshot($0)
        }
    }
}
