import PrexCore
import PrexCoreTesting
import TestStoreSupport
import XCTest

/// The test store under XCTest. swift-corelibs-xctest has no `XCTExpectFailure`, so these tests
/// bind the reporter's capture hook and assert on the messages an `XCTFail` would have shown.
final class TestStoreXCTests: XCTestCase {
    @MainActor func testTheCounterPassesUnderXCTest() async {
        let store = TestStore(initialState: CounterState(), mutation: CounterMutation())
        await store.send {
            $0.increment()
        } assert: {
            $0.count = 1
        }
        await store.send {
            $0.incrementLater()
        } assert: {
            $0.isWaiting = true
        }
        await store.receive(.delayedIncrement) {
            $0.count = 2
            $0.isWaiting = false
        }
        await store.finish()
    }

    @MainActor func testAWrongStateFailsWithAReadableDiff() async {
        let line: UInt = #line + 3
        let failures = await FailureReporter.captureFailures {
            let store = TestStore(initialState: CounterState(), mutation: CounterMutation())
            await store.send(.increment) { $0.count = 2 }
            await store.finish()
        }
        XCTAssertEqual(
            failures.map(\.message),
            [
                """
                send(increment): the state differs from the expectation (- expected, + actual):

                  ▿ PrexCoreTestingTests.CounterState
                -   - count: 2
                +   - count: 1
                    - isWaiting: false
                """
            ]
        )
        XCTAssertEqual(failures.map(\.line), [line])
        XCTAssertEqual(failures.map(\.filePath), [#filePath])
    }

    @MainActor func testAnUnreceivedActionAndATimeoutFail() async {
        let failures = await FailureReporter.captureFailures {
            let store = TestStore(flux: makeEchoFlux(), timeout: 0.05)
            await store.send(.increment) { $0.count = 1 }
            await store.finish()
            let quiet = TestStore(initialState: CounterState(), mutation: CounterMutation(), timeout: 0.05)
            await quiet.receive(.delayedIncrement)
        }
        XCTAssertEqual(
            failures.map(\.message),
            [
                "1 action received but not asserted:\n  delayedIncrement\n"
                    + "Assert them with receive, or use exhaustivity: .off.",
                "receive(delayedIncrement): expected an action within 0.05 s, but no action was applied.",
            ]
        )
    }
}
