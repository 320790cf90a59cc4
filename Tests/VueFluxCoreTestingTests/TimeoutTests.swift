import Testing
import VueFluxCore
import VueFluxCoreTesting

/// `.infinity` and lengths from `Int64.max` nanoseconds on wait without limit; they stopped the
/// process converting to `UInt64` (PrexCoreTestingTests has the conversion's own test).
@Suite struct TimeoutTests {
    @MainActor @Test(arguments: [Double.infinity, 1e11])
    func aTimeoutBeyondAnyDeadlineWaitsForTheAction(timeout: Double) async {
        let store = TestStore(state: CounterState(), mutations: CounterMutations(), timeout: timeout) {
            computed in
            CounterSnapshot(count: computed.count.value, isWaiting: computed.isWaiting.value)
        }
        await store.send(timeout: timeout) {
            await $0.incrementLater()
        } assert: {
            $0.isWaiting = true
        }
        await store.receive(.delayedIncrement, timeout: timeout) {
            $0.count = 1
            $0.isWaiting = false
        }
        await store.finish(timeout: timeout)
        // The state the steps asserted, read from the store itself.
        #expect(store.store.computed.count.value == 1)
        #expect(!store.store.computed.isWaiting.value)
    }
}
