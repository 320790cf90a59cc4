import RxStateCore
import RxStateCoreTesting
import TestStoreSupport
import XCTest

/// The test store under XCTest, with the reporter's capture hook standing in for the
/// `XCTExpectFailure` that swift-corelibs-xctest lacks.
final class TestStoreXCTests: XCTestCase {
    @MainActor func testAWrongStateFailsWithAReadableDiff() async {
        let failures = await FailureReporter.captureFailures {
            let store = TestStore(initialState: CounterState(), store: makeCounterStore())
            await store.send(CounterAction.incrementLater) { $0.isWaiting = false }
            await store.finish()
        }
        XCTAssertEqual(
            failures.map(\.message),
            [
                """
                send(CounterAction.incrementLater): the state differs from the expectation (- expected, + actual):

                  ▿ RxStateCoreTestingTests.CounterState
                    - count: 0
                -   - isWaiting: false
                +   - isWaiting: true
                """,
                "1 action received but not asserted:\n  CounterAction.delayedIncrement\n"
                    + "Assert them with receive, or use exhaustivity: .off.",
            ]
        )
    }
}
