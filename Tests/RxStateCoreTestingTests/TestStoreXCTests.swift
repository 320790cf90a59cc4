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
}
