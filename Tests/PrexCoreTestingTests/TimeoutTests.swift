import PrexCore
import PrexCoreTesting
import TestStoreSupport
import Testing

/// Any `Double` is a timeout: `.infinity` and lengths from `Int64.max` nanoseconds on wait without
/// limit (they stopped the process converting to `UInt64`), and zero, negatives and NaN do not wait.
@Suite struct TimeoutTests {
    @Test func everyDoubleIsAWaitLength() {
        #expect(waitNanoseconds(seconds: .nan) == 0)
        #expect(waitNanoseconds(seconds: -1) == 0)
        #expect(waitNanoseconds(seconds: 0) == 0)
        #expect(waitNanoseconds(seconds: 0.5) == 500_000_000)
        #expect(waitNanoseconds(seconds: 1e9) == 1_000_000_000_000_000_000)
        #expect(waitNanoseconds(seconds: 1e10) == nil)
        #expect(waitNanoseconds(seconds: .infinity) == nil)
    }

    @MainActor @Test(arguments: [Double.infinity, 1e11, 1e10])
    func aTimeoutBeyondAnyDeadlineWaitsForTheAction(timeout: Double) async {
        let store = TestStore(initialState: CounterState(), mutation: CounterMutation(), timeout: timeout)
        await store.send {
            $0.incrementLater()
        } assert: {
            $0.isWaiting = true
        }
        await store.receive(.delayedIncrement, timeout: timeout) {
            $0.count = 1
            $0.isWaiting = false
        }
        await store.finish(timeout: timeout)
        // The state the steps asserted, read from the store itself.
        #expect(store.flux.store.state == CounterState(count: 1, isWaiting: false))
    }
}
