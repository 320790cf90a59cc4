import RxStateCore
import RxStateCoreTesting
import TestStoreSupport
import Testing

@MainActor
@Suite struct EffectTests {
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

    /// An effect that throws an error other than a cancellation ends, and `finish()` fails on the
    /// error, naming the effect and the error: the app drops it, so the test must show it.
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test func anErrorAnEffectThrewFailsTheTestAtFinish() async {
        let store = SearchFixture().makeStore()
        let effect = store.store.runEffect { _ in throw EffectFailure() }
        await effect.value
        await withKnownIssue {
            await store.finish()
        } matching: { issue in
            let message = issue.comments.map(\.rawValue).joined()
            return message.contains("threw an error") && message.contains("EffectFailure")
        }
    }

    /// The report of an effect that threw names the effect by its id's `description`, which is user
    /// code: here it calls the store's effect API, and must not run under the registry's lock (the
    /// test store described the effect as the registry told it of the error, under that lock, and
    /// the process stopped).
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test func anEffectIdWhoseDescriptionCallsTheStoreNamesTheEffectThatThrew() async {
        let store = SearchFixture().makeStore()
        let effect = store.store.runEffect(id: DescribedID(store: store.store)) { _ in throw EffectFailure() }
        await effect.value
        await withKnownIssue {
            await store.finish()
        } matching: { issue in
            let message = issue.comments.map(\.rawValue).joined()
            return message.contains("effect the described id started at") && message.contains("EffectFailure")
        }
    }

    /// Exhaustive, a receive fails on a next action other than the one it expects, naming it; with
    /// exhaustivity off it skips such actions. `receive(where:)` takes the action its predicate
    /// accepts.
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test(arguments: [Exhaustivity.on, .off])
    func aReceiveFailsOnAnotherActionOrSkipsItWithExhaustivityOff(_ exhaustivity: Exhaustivity) async {
        let fixture = SearchFixture()
        let store = fixture.makeStore(exhaustivity: exhaustivity)
        await store.send(SearchAction.queryChanged("swift")) { $0.query = "swift" }
        await fixture.clock.advance(by: .milliseconds(1_300))  // searchStarted, then loaded
        if exhaustivity == .on {
            await withKnownIssue {
                await store.receive(SearchAction.loaded(["swift/one", "swift/two"]))
            } matching: { issue in
                issue.comments.map(\.rawValue).joined().contains(
                    "received an unexpected action instead:\n  SearchAction.searchStarted")
            }
        }
        // Real time for the effect's tasks to run once the clock has moved: more than the default
        // second, which a loaded machine running the suite in parallel can take.
        await store.receive(where: isLoaded, timeout: 10) {
            $0.isLoading = false
            $0.repositories = ["swift/one", "swift/two"]
        }
        await store.finish()
    }
}

/// The error the effect tests throw.
struct EffectFailure: Error {}

/// An effect id whose `description` calls the store's effect API.
struct DescribedID: Hashable, Sendable, CustomStringConvertible {
    let store: Store

    var description: String {
        store.cancelEffect(id: "none")
        return "the described id"
    }

    static func == (lhs: DescribedID, rhs: DescribedID) -> Bool { lhs.store === rhs.store }

    func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(store))
    }
}

/// Whether `action` is `SearchAction.loaded`, whatever it carries: a predicate for
/// `receive(where:)`.
@Sendable func isLoaded(_ action: any ActionType) -> Bool {
    guard case .loaded = action as? SearchAction else { return false }
    return true
}
