import ReactiveLite
import TestSupport
import Testing
import VueFluxCore

#if canImport(UIKit)
    import UIKit
#endif

// The asynchronous example of docs/vueflux.md, in one file as the docs intend. The regions are
// quoted by docs/vueflux.md and the DocC catalog (Tests/DocsTests checks them).

enum SearchAction {
    case started(String)
    case found([String])
    case failed
}

final class SearchState: State {
    typealias Action = SearchAction
    typealias Mutations = SearchMutations

    fileprivate let results = Variable<[String]>([])
    fileprivate let isSearching = Variable(false)
}

struct SearchMutations: Mutations {
    func commit(action: SearchAction, state: SearchState) {
        switch action {
        case .started:
            state.isSearching.value = true
        case .found(let results):
            state.results.value = results
            state.isSearching.value = false
        case .failed:
            state.isSearching.value = false
        }
    }
}

// snippet: async-action-creator
protocol SearchClient: Sendable {
    func search(_ query: String) async throws -> [String]
}

extension Actions where State == SearchState {
    func search(_ query: String, in client: any SearchClient) async {
        await withStoreLifetime {
            dispatch(action: .started(query))
            do {
                dispatch(action: .found(try await client.search(query)))
            } catch {
                dispatch(action: .failed)  // also when cancelled: the store may be gone
            }
        }
    }
}
// snippet-end: async-action-creator

extension Computed where State == SearchState {
    var results: Signal<[String]> {
        return state.results.signal
    }

    var isSearching: Constant<Bool> {
        return state.isSearching.constant
    }
}

private struct EchoClient: SearchClient {
    func search(_ query: String) async throws -> [String] {
        try await Task.sleep(nanoseconds: 1_000_000)
        return [query, query.uppercased()]
    }
}

@Suite struct DocsExampleTests {
    @Test func searchExampleDispatchesTheResultsOfItsSideEffect() async {
        let store = Store<SearchState>(state: .init(), mutations: .init(), executor: .immediate)
        var results = store.computed.results.values.makeAsyncIterator()
        #expect(await results.next() == [])

        await store.actions.search("swift", in: EchoClient())

        #expect(await results.next() == ["swift", "SWIFT"])
        #expect(store.computed.isSearching.value == false)
    }

    @MainActor
    @Test func aViewStartsTheSearchInATaskAndShowsTheResults() async {
        let store = Store<SearchState>(state: .init(), mutations: .init(), executor: .immediate)
        let resultsLabel = UILabel()
        let client = EchoClient()
        let query = "swift"
        // snippet: async-action-creator-view
        store.computed.results
            .map { $0.joined(separator: ", ") }
            .bind(to: resultsLabel, \.text)
        Task { await store.actions.search(query, in: client) }
        // snippet-end: async-action-creator-view
        #expect(resultsLabel.text == "")
        #expect(await eventuallyOnMain { resultsLabel.text == "swift, SWIFT" })
    }
}
