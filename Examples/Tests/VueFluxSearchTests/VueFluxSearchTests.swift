import SearchServer
import Testing
import VueFluxCore
import VueFluxCoreTesting

@testable import VueFluxSearch

/// What the tests compare: the state as its computed properties read it.
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

    func makeStore() -> TestStore<SearchState, SearchSnapshot> {
        TestStore(state: SearchState(), mutations: SearchMutations()) { SearchSnapshot($0) }
    }
}

@MainActor
@Suite struct VueFluxSearchTests {
    // snippet: vueflux-search-loading
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @MainActor
    @Test func loadingThenResults() async {
        let fixture = SearchFixture()
        let (clock, dependencies) = (fixture.clock, fixture.dependencies)
        let store = fixture.makeStore()
        await store.send {
            $0.queryChanged("swift", using: dependencies)
        } assert: {
            $0.query = "swift"
        }
        await clock.advance(by: .milliseconds(300))
        await store.receive(.searchStarted) { $0.isLoading = true }
        await clock.advance(by: .seconds(1))
        await store.receive(.loaded(["swift/one", "swift/two"])) {
            $0.isLoading = false
            $0.repositories = ["swift/one", "swift/two"]
        }
        await store.finish()
    }
    // snippet-end: vueflux-search-loading

    // snippet: vueflux-search-error
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test func theErrorPath() async {
        let fixture = SearchFixture()
        let (clock, dependencies) = (fixture.clock, fixture.dependencies)
        let store = fixture.makeStore()
        await store.send {
            $0.queryChanged("error", using: dependencies)
        } assert: {
            $0.query = "error"
        }
        await clock.advance(by: .milliseconds(300))
        await store.receive(.searchStarted) { $0.isLoading = true }
        await clock.advance(by: .seconds(1))
        await store.receive(.failed("offline")) {
            $0.isLoading = false
            $0.errorMessage = "offline"
        }
        await store.finish()
    }
    // snippet-end: vueflux-search-error

    // snippet: vueflux-search-debounce
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test func threeKeystrokesMakeOneRequest() async {
        let fixture = SearchFixture()
        let (clock, dependencies) = (fixture.clock, fixture.dependencies)
        let store = fixture.makeStore()
        for query in ["s", "sw", "swift"] {
            await store.send {
                $0.queryChanged(query, using: dependencies)
            } assert: {
                $0.query = query
            }
            await clock.advance(by: .milliseconds(100))
        }
        await clock.advance(by: .milliseconds(200))
        await store.receive(.searchStarted) { $0.isLoading = true }
        await clock.advance(by: .seconds(1))
        await store.receive(.loaded(["swift/one", "swift/two"])) {
            $0.isLoading = false
            $0.repositories = ["swift/one", "swift/two"]
        }
        await store.finish()
        #expect(await fixture.server.asked == ["swift"])
        #expect(clock.now == TestClock.Instant(offset: .milliseconds(1_500)))
    }
    // snippet-end: vueflux-search-debounce

    // snippet: vueflux-search-stale
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @MainActor
    @Test func aNewerQueryCancelsTheStaleRequest() async {
        let fixture = SearchFixture()
        let (clock, dependencies) = (fixture.clock, fixture.dependencies)
        let store = fixture.makeStore()
        await store.send {
            $0.queryChanged("sw", using: dependencies)
        } assert: {
            $0.query = "sw"
        }
        await clock.advance(by: .milliseconds(300))
        await store.receive(.searchStarted) { $0.isLoading = true }
        await store.send {
            $0.queryChanged("swift", using: dependencies)
        } assert: {
            $0.query = "swift"
        }
        await clock.advance(by: .milliseconds(300))
        await store.receive(.searchStarted)
        await clock.advance(by: .seconds(1))
        await store.receive(.loaded(["swift/one", "swift/two"])) {
            $0.isLoading = false
            $0.repositories = ["swift/one", "swift/two"]
        }
        await store.finish()
        #expect(await fixture.server.asked == ["sw", "swift"])
        #expect(await fixture.server.cancelled == ["sw"])
    }
    // snippet-end: vueflux-search-stale

    // snippet: vueflux-search-lifetime
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @MainActor
    @Test func theScreenGoingAwayCancelsItsWork() async {
        let fixture = SearchFixture()
        var store: Store<SearchState>? = Store(
            state: SearchState(), mutations: SearchMutations(), executor: .immediate)
        let actions = store!.actions
        actions.queryChanged("swift", using: fixture.dependencies)
        await fixture.clock.advance(by: .milliseconds(300))  // the debounce ends
        await fixture.server.waitUntilAsked("swift")  // the request is in flight
        #expect(await fixture.server.asked == ["swift"])
        store = nil
        await fixture.clock.run()
        await fixture.server.waitUntilCancelled("swift")
        #expect(await fixture.server.cancelled == ["swift"])
        // Started after the store went, an effect does not run.
        actions.queryChanged("swiftui", using: fixture.dependencies)
        await fixture.clock.run()
        #expect(await fixture.server.asked == ["swift"])
    }
    // snippet-end: vueflux-search-lifetime

    // snippet: vueflux-forgotten-receive
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @MainActor
    @Test func aForgottenReceiveFailsFinishNamingTheRunningEffect() async {
        let fixture = SearchFixture()
        let (clock, dependencies) = (fixture.clock, fixture.dependencies)
        let store = fixture.makeStore()
        await store.send {
            $0.queryChanged("swift", using: dependencies)
        } assert: {
            $0.query = "swift"
        }
        await clock.advance(by: .milliseconds(300))
        await store.receive(.searchStarted) { $0.isLoading = true }
        // Forgotten: advancing the clock past the request and receiving its answer.
        await withKnownIssue {
            await store.finish(timeout: 0.05)
        } matching: { issue in
            let message = issue.comments.map(\.rawValue).joined()
            return message.contains("1 effect still running")
                && message.contains(
                    "effect search started at VueFluxSearch/Search.swift:")
        }
    }
    // snippet-end: vueflux-forgotten-receive
}
