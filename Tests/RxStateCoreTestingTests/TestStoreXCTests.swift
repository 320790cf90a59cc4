import RxStateCore
import RxStateCoreTesting
import TestStoreSupport
import XCTest

/// The test store under XCTest, with the reporter's capture hook standing in for the
/// `XCTExpectFailure` that swift-corelibs-xctest lacks.
final class TestStoreXCTests: XCTestCase {
    @MainActor func testAWrongStateFailsWithAReadableDiff() async {
        let failures = await FailureReporter.captureFailures {
            // The echo store answers `increment` with `delayedIncrement` before `send` returns, so
            // `finish` finds it unasserted whatever the scheduling (a task answering later could
            // still be pending when `finish` runs).
            let store = TestStore<CounterState>(store: makeEchoStore())
            await store.send(CounterAction.increment) {
                $0.count = 1
                $0.isWaiting = true
            }
            await store.finish()
        }
        XCTAssertEqual(
            failures.map(\.message),
            [
                """
                send(CounterAction.increment): the state differs from the expectation (- expected, + actual):

                  ▿ RxStateCoreTestingTests.CounterState
                    - count: 1
                -   - isWaiting: true
                +   - isWaiting: false
                """,
                "1 action received but not asserted:\n  CounterAction.delayedIncrement\n"
                    + "Assert them with receive, or use exhaustivity: .off.",
            ]
        )
    }

    /// XCTest runs its tests one at a time, so the wall time measured here is this test's own
    /// (under Swift Testing, tests share the main actor with every test running in parallel).
    @MainActor func testADebounceWithTheTestClockTakesNoRealTime() async throws {
        guard #available(iOS 16, macOS 13, tvOS 16, watchOS 9, *) else { throw XCTSkip("needs Clock") }
        let start = ContinuousClock.now
        let fixture = SearchFixture()
        let store = fixture.makeStore()
        for query in ["s", "sw", "swift"] {
            await store.send(SearchAction.queryChanged(query)) { $0.query = query }
            await fixture.clock.advance(by: .milliseconds(100))
        }
        await fixture.clock.advance(by: .milliseconds(200))  // 300 ms after the last keystroke
        await store.receive(SearchAction.searchStarted) { $0.isLoading = true }
        await fixture.clock.advance(by: .seconds(1))
        await store.receive(SearchAction.loaded(["swift/one", "swift/two"])) {
            $0.isLoading = false
            $0.repositories = ["swift/one", "swift/two"]
        }
        await store.finish()
        let elapsed = ContinuousClock.now - start
        XCTAssertEqual(fixture.server.asked, ["swift"])
        // A real clock would sleep 1.3 s (the 300 ms debounce, then the 1 s answer); the bound leaves
        // room for a loaded machine and the thread sanitizer, whose settling alone can take 50 ms.
        XCTAssertLessThan(elapsed, .milliseconds(1_200), "1.5 s of virtual time took \(elapsed)")
    }

    @MainActor func testAForgottenReceiveFailsFinishNamingTheRunningEffect() async throws {
        guard #available(iOS 16, macOS 13, tvOS 16, watchOS 9, *) else { throw XCTSkip("needs Clock") }
        let fixture = SearchFixture()
        var finishLine: UInt = 0
        let failures = await FailureReporter.captureFailures {
            let store = fixture.makeStore()
            await store.send(SearchAction.queryChanged("swift")) { $0.query = "swift" }
            await fixture.clock.advance(by: .milliseconds(300))
            await store.receive(SearchAction.searchStarted) { $0.isLoading = true }
            finishLine = #line + 1
            await store.finish(timeout: 0.05)  // the request's answer was never received
        }
        XCTAssertEqual(failures.map(\.line), [finishLine])
        XCTAssertEqual(
            failures.first?.message,
            """
            finish: 1 effect still running after 0.05 s:
              effect search started at RxStateCoreTestingTests/Search.swift:\(searchEffectLine)
            Receive what it dispatches (advance the TestClock it sleeps on first), or end it on purpose \
            with cancelEffects() or skipEffects().
            """
        )
    }

    @MainActor func testTheSameTestWithTheReceivePasses() async throws {
        guard #available(iOS 16, macOS 13, tvOS 16, watchOS 9, *) else { throw XCTSkip("needs Clock") }
        let fixture = SearchFixture()
        let failures = await FailureReporter.captureFailures {
            let store = fixture.makeStore()
            await store.send(SearchAction.queryChanged("swift")) { $0.query = "swift" }
            await fixture.clock.advance(by: .milliseconds(300))
            await store.receive(SearchAction.searchStarted) { $0.isLoading = true }
            await fixture.clock.advance(by: .seconds(1))
            await store.receive(SearchAction.loaded(["swift/one", "swift/two"])) {
                $0.isLoading = false
                $0.repositories = ["swift/one", "swift/two"]
            }
            await store.finish()
        }
        XCTAssertEqual(failures, [])
    }
}
