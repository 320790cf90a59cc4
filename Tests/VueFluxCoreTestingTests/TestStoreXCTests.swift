import TestStoreSupport
import VueFluxCore
import VueFluxCoreTesting
import XCTest

/// The test store under XCTest, with the reporter's capture hook standing in for the
/// `XCTExpectFailure` that swift-corelibs-xctest lacks.
final class TestStoreXCTests: XCTestCase {
    @MainActor func testAWrongSnapshotFailsWithAReadableDiff() async {
        let failures = await FailureReporter.captureFailures {
            let (store, _) = makeCounterTestStore()
            await store.send {
                await $0.incrementLater()
            } assert: {
                $0.count = 1
            }
            await store.receive(.delayedIncrement) { $0.count = 1 }
            await store.finish()
        }
        XCTAssertEqual(
            failures.map(\.message),
            [
                """
                send: the state differs from the expectation (- expected, + actual):

                  ▿ VueFluxCoreTestingTests.CounterSnapshot
                -   - count: 1
                -   - isWaiting: false
                +   - count: 0
                +   - isWaiting: true
                """,
                """
                receive(delayedIncrement): the state differs from the expectation (- expected, + actual):

                  ▿ VueFluxCoreTestingTests.CounterSnapshot
                    - count: 1
                -   - isWaiting: true
                +   - isWaiting: false
                """,
            ]
        )
    }
}
