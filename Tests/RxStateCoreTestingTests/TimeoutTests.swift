import RxStateCore
import RxStateCoreTesting
import Testing

/// `.infinity` and lengths from `Int64.max` nanoseconds on wait without limit; they stopped the
/// process converting to `UInt64` (PrexCoreTestingTests has the conversion's own test).
@Suite struct TimeoutTests {
    @MainActor @Test(arguments: [Double.infinity, 1e11])
    func aTimeoutBeyondAnyDeadlineWaitsForTheAction(timeout: Double) async {
        let store = TestStore(initialState: CounterState(), store: makeCounterStore(), timeout: timeout)
        await store.send(CounterAction.incrementLater) { $0.isWaiting = true }
        await store.receive(CounterAction.delayedIncrement, timeout: timeout) {
            $0.count = 1
            $0.isWaiting = false
        }
        await store.finish(timeout: timeout)
        // The state the steps asserted, read from the store itself.
        #expect(store.store.substate(CounterState.self) == CounterState(count: 1, isWaiting: false))
    }
}
