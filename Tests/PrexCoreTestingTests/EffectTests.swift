import PrexCore
import PrexCoreTesting
import TestStoreSupport
import Testing

/// The clock and server of one test, and the test store it drives.
@available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
@MainActor
struct SearchFixture {
    let clock = TestClock()
    let server: FakeServer

    init() {
        server = FakeServer(clock: clock)
    }

    func makeStore(
        exhaustivity: Exhaustivity = .on,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) -> TestStore<SearchAction, SearchState, SearchPresenter> {
        let dependencies = server.dependencies
        return TestStore(
            exhaustivity: exhaustivity, fileID: fileID, filePath: filePath, line: line, column: column
        ) { view in
            SearchPresenter(view: view, dependencies: dependencies)
        }
    }

    /// ``makeStore(exhaustivity:fileID:filePath:line:column:)``, then sends the query "swift" and
    /// asserts the query it sets: where each search test starts. Failures are reported at the
    /// caller.
    func makeStoreSearchingSwift(
        exhaustivity: Exhaustivity = .on,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async -> TestStore<SearchAction, SearchState, SearchPresenter> {
        let store = makeStore(
            exhaustivity: exhaustivity, fileID: fileID, filePath: filePath, line: line, column: column)
        await store.send(
            { $0.queryChanged("swift") }, assert: { $0.query = "swift" }, fileID: fileID, filePath: filePath,
            line: line, column: column)
        return store
    }
}

@MainActor
@Suite struct EffectTests {
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test func theFluxReportsItsEffectsInFlightWithWhereTheyStarted() async {
        let fixture = SearchFixture()
        let store = await fixture.makeStoreSearchingSwift()
        let effects = store.flux.effectsInFlight
        #expect(effects.count == 1)
        #expect(effects.first?.id as? SearchEffect == .search)
        #expect(effects.first?.fileID == "PrexCoreTestingTests/Search.swift")
        #expect(effects.first?.line == UInt(SearchPresenter.effectLine))
        store.presenter.cancelSearch()
        await store.finish()
        #expect(store.flux.effectsInFlight.isEmpty)
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test func anActionAnEffectDispatchedAndNobodyReceivedNamesTheEffect() async {
        let fixture = SearchFixture()
        let clock = fixture.clock
        let store = await fixture.makeStoreSearchingSwift()
        await clock.advance(by: .milliseconds(300))
        await store.receive(.searchStarted) { $0.isLoading = true }
        await clock.advance(by: .seconds(1))
        await withKnownIssue {
            await store.finish()
        } matching: { issue in
            let message = issue.comments.map(\.rawValue).joined()
            return message.contains("1 action received but not asserted")
                && message.contains(
                    "dispatched by effect search started at PrexCoreTestingTests/Search.swift")
        }
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test func cancellingEffectsOnPurposeEndsTheTestCleanly() async {
        let fixture = SearchFixture()
        let server = fixture.server
        let store = await fixture.makeStoreSearchingSwift()
        store.cancelEffects()
        await store.finish()
        #expect(server.asked.isEmpty)
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test func skippedEffectsAreNeitherAwaitedNorReported() async {
        let fixture = SearchFixture()
        let store = await fixture.makeStoreSearchingSwift()
        store.skipEffects()
        #expect(store.effectsInFlight.isEmpty)
        #expect(store.flux.effectsInFlight.count == 1)
        await store.finish()
    }

    /// A skipped effect goes on, and what it dispatches must still be received: `finish()` fails on
    /// an action it dispatched that the test did not receive.
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test func whatASkippedEffectDispatchesMustStillBeReceived() async {
        let fixture = SearchFixture()
        let store = await fixture.makeStoreSearchingSwift()
        store.skipEffects()
        await fixture.clock.advance(by: .milliseconds(300))  // the effect dispatches searchStarted
        await withKnownIssue {
            await store.finish()
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("1 action received but not asserted")
        }
        store.presenter.cancelSearch()
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test func withExhaustivityOffARunningEffectIsNotReported() async {
        let fixture = SearchFixture()
        let store = fixture.makeStore(exhaustivity: .off)
        await store.send { $0.queryChanged("swift") }
        await store.finish()
        while !store.flux.effectsInFlight.isEmpty {
            await Task.yield()
        }
    }
    /// An effect that throws an error other than a cancellation ends, and `finish()` fails on the
    /// error, naming the effect and the error: the app drops it, so the test must show it.
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test func anErrorAnEffectThrewFailsTheTestAtFinish() async {
        let store = SearchFixture().makeStore()
        let effect = store.presenter.runEffect { _ in throw EffectFailure() }
        await effect.value
        await withKnownIssue {
            await store.finish()
        } matching: { issue in
            let message = issue.comments.map(\.rawValue).joined()
            return message.contains("threw an error") && message.contains("EffectFailure")
        }
    }

    /// `receive(where:)` takes the next action its predicate accepts (for actions compared by case,
    /// not whole) and checks the state that action produced.
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test func receiveWhereTakesTheActionItsPredicateAcceptsAndChecksItsState() async {
        let fixture = SearchFixture()
        let clock = fixture.clock
        let store = await fixture.makeStoreSearchingSwift()
        await clock.advance(by: .milliseconds(300))
        await store.receive(where: isSearchStarted) { $0.isLoading = true }
        await clock.advance(by: .seconds(1))
        await store.receive(where: isLoaded) {
            $0.isLoading = false
            $0.repositories = ["swift/one", "swift/two"]
        }
        await store.finish()
    }

    /// In exhaustive mode, `receive(where:)` fails on a next action its predicate rejects, naming
    /// that action; with exhaustivity off it skips such actions and takes the one it accepts.
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test(arguments: [Exhaustivity.on, .off])
    func receiveWhereFailsOnAnotherActionOrSkipsItWithExhaustivityOff(_ exhaustivity: Exhaustivity) async {
        let fixture = SearchFixture()
        let clock = fixture.clock
        let store = await fixture.makeStoreSearchingSwift(exhaustivity: exhaustivity)
        await clock.advance(by: .milliseconds(1_300))  // searchStarted, then loaded
        if exhaustivity == .on {
            await withKnownIssue {
                await store.receive(where: isLoaded)
            } matching: { issue in
                issue.comments.map(\.rawValue).joined().contains(
                    "received an unexpected action instead:\n  searchStarted")
            }
        }
        // Exhaustive: the failed receive took `searchStarted`; this one takes `loaded`. Off: this
        // one skips `searchStarted` (whose state becomes the asserted one) and takes `loaded`.
        // Real time for the effect's tasks to run once the clock has moved: more than the default
        // second, which a loaded machine running the suite in parallel can take.
        await store.receive(where: isLoaded, timeout: 10) {
            $0.isLoading = false
            $0.repositories = ["swift/one", "swift/two"]
        }
        await store.finish()
    }

}

@MainActor
@Suite struct LegacySleepTests {
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test func aSleepClosureOnTheTestClockDebouncesWithNoRealTime() async {
        let clock = TestClock()
        let dependencies = LegacySearchDependencies.onTestClock(search: { ["\($0)/one"] }, clock: clock)
        let flux = Flux(state: SearchState(), mutation: SearchMutation())
        let view = PassiveTestView()
        let presenter = Presenter(view: view, flux: flux)
        let effect = presenter.runEffect { dispatch in
            try await dependencies.sleep(300_000_000)
            await dispatch(.loaded(try await dependencies.search("swift")))
        }
        await clock.advance(by: .milliseconds(299))
        #expect(flux.store.state.repositories.isEmpty)
        await clock.advance(by: .milliseconds(1))
        await effect.value
        #expect(flux.store.state.repositories == ["swift/one"])
    }
}

/// A view that shows nothing, for a presenter made outside a test store.
final class PassiveTestView: View {
    func reflect(change: StateChange<SearchState>) {}

}

/// The error the effect tests throw.
struct EffectFailure: Error {}

/// Whether `action` is `.searchStarted`: a predicate for `receive(where:)`.
@Sendable func isSearchStarted(_ action: SearchAction) -> Bool {
    action == .searchStarted
}

/// Whether `action` is `.loaded`, whatever it carries: a predicate for `receive(where:)`.
@Sendable func isLoaded(_ action: SearchAction) -> Bool {
    if case .loaded = action { true } else { false }
}
