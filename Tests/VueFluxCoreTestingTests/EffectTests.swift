import TestStoreSupport
import Testing
import VueFluxCore
import VueFluxCoreTesting

@MainActor
@Suite struct EffectTests {
    // snippet: vueflux-search-loading
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
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
        #expect(fixture.server.asked == ["swift"])
        #expect(clock.now == TestClock.Instant(offset: .milliseconds(1_500)))
    }
    // snippet-end: vueflux-search-debounce

    // snippet: vueflux-search-stale
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
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
        #expect(fixture.server.asked == ["sw", "swift"])
        #expect(fixture.server.cancelled == ["sw"])
    }
    // snippet-end: vueflux-search-stale

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test func anEffectAControllerStartsIsSeenToo() async {
        let fixture = SearchFixture()
        let store = fixture.makeStore()
        // Not through send: a view controller calls the action creator.
        store.store.actions.queryChanged("swift", using: fixture.dependencies)
        let effects = store.effectsInFlight
        #expect(effects.count == 1)
        #expect(effects.first?.id as? SearchEffect == .search)
        #expect(effects.first?.fileID == "VueFluxCoreTestingTests/Search.swift")
        #expect(effects.first?.line == UInt(searchEffectLine))
        #expect(store.store.effectsInFlight.count == 1)
        await store.receive(.queryChanged("swift")) { $0.query = "swift" }
        store.store.actions.cancelEffect(id: SearchEffect.search)
        await store.finish()
        #expect(store.store.effectsInFlight.isEmpty)
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test func theScreenGoingAwayCancelsItsWork() async {
        let fixture = SearchFixture()
        var store: Store<SearchState>? = Store(
            state: SearchState(), mutations: SearchMutations(), executor: .immediate)
        let actions = store!.actions
        actions.queryChanged("swift", using: fixture.dependencies)
        await fixture.clock.advance(by: .milliseconds(300))  // the request is in flight
        #expect(fixture.server.asked == ["swift"])
        store = nil
        await fixture.clock.run()
        while fixture.server.cancelled.isEmpty {
            await Task.yield()
        }
        #expect(fixture.server.cancelled == ["swift"])
        // Started after the store went, an effect does not run.
        actions.queryChanged("swiftui", using: fixture.dependencies)
        await fixture.clock.run()
        #expect(fixture.server.asked == ["swift"])
    }

    // snippet: vueflux-forgotten-receive
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
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
                    "effect search started at VueFluxCoreTestingTests/Search.swift:\(searchEffectLine)")
        }
    }
    // snippet-end: vueflux-forgotten-receive

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test func cancellingEffectsOnPurposeEndsTheTestCleanly() async {
        let fixture = SearchFixture()
        let dependencies = fixture.dependencies
        let store = fixture.makeStore()
        await store.send {
            $0.queryChanged("swift", using: dependencies)
        } assert: {
            $0.query = "swift"
        }
        store.cancelEffects()
        await store.finish()
        #expect(fixture.server.asked.isEmpty)
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test func skippedEffectsAreNeitherAwaitedNorReported() async {
        let fixture = SearchFixture()
        let dependencies = fixture.dependencies
        let store = fixture.makeStore()
        await store.send {
            $0.queryChanged("swift", using: dependencies)
        } assert: {
            $0.query = "swift"
        }
        store.skipEffects()
        #expect(store.effectsInFlight.isEmpty)
        #expect(store.store.effectsInFlight.count == 1)
        await store.finish()
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test func withExhaustivityOffARunningEffectIsNotReported() async {
        let fixture = SearchFixture()
        let dependencies = fixture.dependencies
        let store = fixture.makeStore(exhaustivity: .off)
        await store.send { $0.queryChanged("swift", using: dependencies) }
        await store.finish()
        while !store.store.effectsInFlight.isEmpty {
            await Task.yield()
        }
    }

    @Test func theSendClosureIsMainActorIsolated() async {
        let (store, _) = makeCounterTestStore()
        await store.send {
            MainActor.assertIsolated()
            $0.increment()
        } assert: {
            $0.count = 1
        }
        await store.finish()
    }
}
