import RxStateCore
import RxStateCoreTesting
import SearchServer
import Testing

@testable import RxStateSearch

/// The clock and server of one test, and the test store it drives: the server answers after a
/// second on the test clock, so no test waits in real time.
@available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
@MainActor
struct SearchFixture {
    let clock = TestClock()
    let server: SearchServer

    init() {
        server = SearchServer(clock: clock, latency: .seconds(1))
    }

    var dependencies: SearchDependencies {
        SearchDependencies(search: { [server] in try await server.search($0) }, clock: clock)
    }

    func makeStore() -> TestStore<SearchState> {
        TestStore(initialState: SearchState(), store: makeSearchStore(dependencies: dependencies))
    }
}

@MainActor
@Suite struct RxStateSearchTests {
    // snippet: rxstate-search-loading
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @MainActor
    @Test func loadingThenResults() async {
        let fixture = SearchFixture()
        let clock = fixture.clock
        let store = fixture.makeStore()
        await store.send(SearchAction.queryChanged("swift")) { $0.query = "swift" }
        await clock.advance(by: .milliseconds(300))
        await store.receive(SearchAction.searchStarted) { $0.isLoading = true }
        await clock.advance(by: .seconds(1))
        await store.receive(SearchAction.loaded(["swift/one", "swift/two"])) {
            $0.isLoading = false
            $0.repositories = ["swift/one", "swift/two"]
        }
        await store.finish()
    }
    // snippet-end: rxstate-search-loading

    // snippet: rxstate-search-error
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test func theErrorPath() async {
        let fixture = SearchFixture()
        let clock = fixture.clock
        let store = fixture.makeStore()
        await store.send(SearchAction.queryChanged("error")) { $0.query = "error" }
        await clock.advance(by: .milliseconds(300))
        await store.receive(SearchAction.searchStarted) { $0.isLoading = true }
        await clock.advance(by: .seconds(1))
        await store.receive(SearchAction.failed("offline")) {
            $0.isLoading = false
            $0.errorMessage = "offline"
        }
        await store.finish()
    }
    // snippet-end: rxstate-search-error

    // snippet: rxstate-search-debounce
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test func threeKeystrokesMakeOneRequest() async {
        let fixture = SearchFixture()
        let clock = fixture.clock
        let store = fixture.makeStore()
        for query in ["s", "sw", "swift"] {
            await store.send(SearchAction.queryChanged(query)) { $0.query = query }
            await clock.advance(by: .milliseconds(100))
        }
        await clock.advance(by: .milliseconds(200))
        await store.receive(SearchAction.searchStarted) { $0.isLoading = true }
        await clock.advance(by: .seconds(1))
        await store.receive(SearchAction.loaded(["swift/one", "swift/two"])) {
            $0.isLoading = false
            $0.repositories = ["swift/one", "swift/two"]
        }
        await store.finish()
        #expect(await fixture.server.asked == ["swift"])
        #expect(clock.now == TestClock.Instant(offset: .milliseconds(1_500)))
    }
    // snippet-end: rxstate-search-debounce

    // snippet: rxstate-search-stale
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @MainActor
    @Test func aNewerQueryCancelsTheStaleRequest() async {
        let fixture = SearchFixture()
        let clock = fixture.clock
        let store = fixture.makeStore()
        await store.send(SearchAction.queryChanged("sw")) { $0.query = "sw" }
        await clock.advance(by: .milliseconds(300))
        await store.receive(SearchAction.searchStarted) { $0.isLoading = true }
        await store.send(SearchAction.queryChanged("swift")) { $0.query = "swift" }
        await clock.advance(by: .milliseconds(300))
        await store.receive(SearchAction.searchStarted)
        await clock.advance(by: .seconds(1))
        await store.receive(SearchAction.loaded(["swift/one", "swift/two"])) {
            $0.isLoading = false
            $0.repositories = ["swift/one", "swift/two"]
        }
        await store.finish()
        #expect(await fixture.server.asked == ["sw", "swift"])
        #expect(await fixture.server.cancelled == ["sw"])
    }
    // snippet-end: rxstate-search-stale

    // snippet: rxstate-search-lifetime
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @MainActor
    @Test func theStoreGoingAwayCancelsItsWork() async {
        let fixture = SearchFixture()
        var store: Store? = makeSearchStore(dependencies: fixture.dependencies)
        store?.dispatch(action: StoreAction.add(states: [SearchState()]))
        store?.dispatch(action: SearchAction.queryChanged("swift"))
        await fixture.clock.advance(by: .milliseconds(300))  // the debounce ends
        await fixture.server.waitUntilAsked("swift")  // the request is in flight
        #expect(await fixture.server.asked == ["swift"])
        weak let weakStore = store
        store = nil
        #expect(weakStore == nil)  // an effect does not keep its store alive
        await fixture.server.waitUntilCancelled("swift")
        #expect(await fixture.server.cancelled == ["swift"])
    }
    // snippet-end: rxstate-search-lifetime

    // snippet: rxstate-forgotten-receive
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @MainActor
    @Test func aForgottenReceiveFailsFinishNamingTheRunningEffect() async {
        let fixture = SearchFixture()
        let clock = fixture.clock
        let store = fixture.makeStore()
        await store.send(SearchAction.queryChanged("swift")) { $0.query = "swift" }
        await clock.advance(by: .milliseconds(300))
        await store.receive(SearchAction.searchStarted) { $0.isLoading = true }
        // Forgotten: advancing the clock past the request and receiving its answer.
        await withKnownIssue {
            await store.finish(timeout: 0.05)
        } matching: { issue in
            let message = issue.comments.map(\.rawValue).joined()
            return message.contains("1 effect still running")
                && message.contains(
                    "effect search started at RxStateSearch/Search.swift:")
        }
    }
    // snippet-end: rxstate-forgotten-receive
}
