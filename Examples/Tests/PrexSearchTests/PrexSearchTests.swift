import PrexCore
import PrexCoreTesting
import SearchServer
import Testing

@testable import PrexSearch

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

    func makeStore() -> TestStore<SearchAction, SearchState, SearchPresenter> {
        let dependencies = self.dependencies
        return TestStore { view in SearchPresenter(view: view, dependencies: dependencies) }
    }
}

/// A view that shows nothing, for a presenter made outside a test store.
final class SilentView: View {
    func reflect(change: StateChange<SearchState>) {}
}

@MainActor
@Suite struct PrexSearchTests {
    // snippet: prex-search-loading
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @MainActor
    @Test func loadingThenResults() async {
        let fixture = SearchFixture()
        let clock = fixture.clock
        let store = fixture.makeStore()
        await store.send {
            $0.queryChanged("swift")
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
    // snippet-end: prex-search-loading

    // snippet: prex-search-error
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test func theErrorPath() async {
        let fixture = SearchFixture()
        let clock = fixture.clock
        let store = fixture.makeStore()
        await store.send {
            $0.queryChanged("error")
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
    // snippet-end: prex-search-error

    // snippet: prex-search-debounce
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @MainActor
    @Test func threeKeystrokesMakeOneRequest() async {
        let fixture = SearchFixture()
        let (clock, server) = (fixture.clock, fixture.server)
        let store = fixture.makeStore()
        await store.send {
            $0.queryChanged("s")
        } assert: {
            $0.query = "s"
        }
        await clock.advance(by: .milliseconds(100))
        await store.send {
            $0.queryChanged("sw")
        } assert: {
            $0.query = "sw"
        }
        await clock.advance(by: .milliseconds(100))
        await store.send {
            $0.queryChanged("swift")
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
        #expect(await server.asked == ["swift"])  // three keystrokes, one request
        #expect(clock.now == TestClock.Instant(offset: .milliseconds(1_500)))
    }
    // snippet-end: prex-search-debounce

    // snippet: prex-search-stale
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @MainActor
    @Test func aNewerQueryCancelsTheStaleRequest() async {
        let fixture = SearchFixture()
        let (clock, server) = (fixture.clock, fixture.server)
        let store = fixture.makeStore()
        await store.send {
            $0.queryChanged("sw")
        } assert: {
            $0.query = "sw"
        }
        await clock.advance(by: .milliseconds(300))
        await store.receive(.searchStarted) { $0.isLoading = true }
        #expect(store.effectsInFlight.count == 1)
        await store.send {
            $0.queryChanged("swift")
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
        #expect(await server.asked == ["sw", "swift"])
        #expect(await server.cancelled == ["sw"])
    }
    // snippet-end: prex-search-stale

    // snippet: prex-search-lifetime
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @MainActor
    @Test func theScreenGoingAwayCancelsItsWork() async {
        let fixture = SearchFixture()
        let (clock, server) = (fixture.clock, fixture.server)
        let view = SilentView()
        var presenter: SearchPresenter? = SearchPresenter(view: view, dependencies: fixture.dependencies)
        let flux = presenter!.flux
        presenter?.queryChanged("swift")
        await clock.advance(by: .milliseconds(300))  // the debounce ends
        await server.waitUntilAsked("swift")  // the request is in flight
        #expect(await server.asked == ["swift"])
        #expect(flux.effectsInFlight.count == 1)
        presenter = nil  // the screen goes, and its presenter cancels what it started
        #expect(flux.effectsInFlight.allSatisfy { $0.isCancelled })
        while !flux.effectsInFlight.isEmpty {
            await Task.yield()
        }
        #expect(await server.cancelled == ["swift"])
        #expect(flux.store.state.repositories.isEmpty)
    }
    // snippet-end: prex-search-lifetime

    // snippet: prex-forgotten-receive
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @MainActor
    @Test func aForgottenReceiveFailsFinishNamingTheRunningEffect() async {
        let fixture = SearchFixture()
        let clock = fixture.clock
        let store = fixture.makeStore()
        await store.send {
            $0.queryChanged("swift")
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
                && message.contains("effect search started at PrexSearch/Search.swift:")
        }
    }
    // snippet-end: prex-forgotten-receive
}
