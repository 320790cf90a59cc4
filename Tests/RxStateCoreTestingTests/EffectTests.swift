import RxStateCore
import RxStateCoreTesting
import TestStoreSupport
import Testing

@MainActor
@Suite struct EffectTests {
    // snippet: rxstate-search-loading
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
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
        #expect(fixture.server.asked == ["swift"])
        #expect(clock.now == TestClock.Instant(offset: .milliseconds(1_500)))
    }
    // snippet-end: rxstate-search-debounce

    // snippet: rxstate-search-stale
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
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
        #expect(fixture.server.asked == ["sw", "swift"])
        #expect(fixture.server.cancelled == ["sw"])
    }
    // snippet-end: rxstate-search-stale

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test func theStoreReportsItsEffectsInFlightWithWhereTheyStarted() async {
        let fixture = SearchFixture()
        let store = fixture.makeStore()
        await store.send(SearchAction.queryChanged("swift")) { $0.query = "swift" }
        let effects = store.store.effectsInFlight
        #expect(effects.count == 1)
        #expect(effects.first?.id as? SearchEffect == .search)
        #expect(effects.first?.fileID == "RxStateCoreTestingTests/Search.swift")
        #expect(effects.first?.line == UInt(searchEffectLine))
        #expect(store.effectsInFlight.count == 1)
        store.store.cancelEffect(id: SearchEffect.search)
        await store.finish()
        #expect(store.store.effectsInFlight.isEmpty)
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test func theStoreGoingAwayCancelsItsWork() async {
        let fixture = SearchFixture()
        var store: Store? = makeSearchStore(dependencies: fixture.server.dependencies)
        store?.dispatch(action: StoreAction.add(states: [SearchState()]))
        store?.dispatch(action: SearchAction.queryChanged("swift"))
        await fixture.clock.advance(by: .milliseconds(300))  // the request is in flight
        #expect(fixture.server.asked == ["swift"])
        weak let weakStore = store
        store = nil
        #expect(weakStore == nil)  // an effect does not keep its store alive
        while fixture.server.cancelled.isEmpty {
            await Task.yield()
        }
        #expect(fixture.server.cancelled == ["swift"])
    }

    // snippet: rxstate-forgotten-receive
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
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
                    "effect search started at RxStateCoreTestingTests/Search.swift:\(searchEffectLine)")
        }
    }
    // snippet-end: rxstate-forgotten-receive

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test func cancellingEffectsOnPurposeEndsTheTestCleanly() async {
        let fixture = SearchFixture()
        let store = fixture.makeStore()
        await store.send(SearchAction.queryChanged("swift")) { $0.query = "swift" }
        store.cancelEffects()
        await store.finish()
        #expect(fixture.server.asked.isEmpty)
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test func skippedEffectsAreNeitherAwaitedNorReported() async {
        let fixture = SearchFixture()
        let store = fixture.makeStore()
        await store.send(SearchAction.queryChanged("swift")) { $0.query = "swift" }
        store.skipEffects()
        #expect(store.effectsInFlight.isEmpty)
        #expect(store.store.effectsInFlight.count == 1)
        await store.finish()
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test func withExhaustivityOffARunningEffectIsNotReported() async {
        let fixture = SearchFixture()
        let store = fixture.makeStore(exhaustivity: .off)
        await store.send(SearchAction.queryChanged("swift"))
        await store.finish()
        while !store.store.effectsInFlight.isEmpty {
            await Task.yield()
        }
    }
}
