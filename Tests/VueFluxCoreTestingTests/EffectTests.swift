import TestStoreSupport
import Testing
import VueFluxCore
import VueFluxCoreTesting

@MainActor
@Suite struct EffectTests {
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

    /// An effect that throws an error other than a cancellation ends, and `finish()` fails on the
    /// error, naming the effect and the error: the app drops it, so the test must show it.
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test func anErrorAnEffectThrewFailsTheTestAtFinish() async {
        let store = SearchFixture().makeStore()
        let effect = store.store.actions.runEffect { _ in throw EffectFailure() }
        await effect.value
        await withKnownIssue {
            await store.finish()
        } matching: { issue in
            let message = issue.comments.map(\.rawValue).joined()
            return message.contains("threw an error") && message.contains("EffectFailure")
        }
    }

    /// Exhaustive, a receive fails on a next action other than the one it expects, naming it; with
    /// exhaustivity off it skips such actions. `receive(where:)` takes the action its predicate
    /// accepts.
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test(arguments: [Exhaustivity.on, .off])
    func aReceiveFailsOnAnotherActionOrSkipsItWithExhaustivityOff(_ exhaustivity: Exhaustivity) async {
        let fixture = SearchFixture()
        let dependencies = fixture.dependencies
        let store = fixture.makeStore(exhaustivity: exhaustivity)
        await store.send {
            $0.queryChanged("swift", using: dependencies)
        } assert: {
            $0.query = "swift"
        }
        await fixture.clock.advance(by: .milliseconds(1_300))  // searchStarted, then loaded
        if exhaustivity == .on {
            await withKnownIssue {
                await store.receive(where: { if case .loaded = $0 { true } else { false } })
            } matching: { issue in
                issue.comments.map(\.rawValue).joined().contains(
                    "received an unexpected action instead:\n  searchStarted")
            }
        }
        // Real time for the effect's tasks to run once the clock has moved: more than the default
        // second, which a loaded machine running the suite in parallel can take.
        await store.receive(.loaded(["swift/one", "swift/two"]), timeout: 10) {
            $0.isLoading = false
            $0.repositories = ["swift/one", "swift/two"]
        }
        await store.finish()
    }
}

/// The error the effect tests throw.
struct EffectFailure: Error {}
