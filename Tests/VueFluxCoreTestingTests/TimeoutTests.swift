import Dispatch
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

    /// `finish` waits at most its timeout in all, for the action creators and the effects
    /// together: it waited the whole timeout for the creators, then again for the effects.
    @MainActor @Test func finishWaitsAtMostItsTimeoutForCreatorsAndEffectsTogether() async {
        let store = TestStore(state: CounterState(), mutations: CounterMutations(), timeout: 0.5) {
            computed in
            CounterSnapshot(count: computed.count.value, isWaiting: computed.isWaiting.value)
        }
        await store.send {
            $0.increment()
            $0.runEffect(id: "hang") { _ in try await Task.sleep(nanoseconds: 60_000_000_000) }
            await $0.hang()
        } assert: {
            $0.count = 1
        }
        let start = DispatchTime.now().uptimeNanoseconds
        await withKnownIssue {
            // Both the creator and the effect are still running at the end of the timeout.
            await store.finish()
        } matching: { issue in
            issue.comments.contains { $0.rawValue.hasPrefix("finish: 1 ") }
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        #expect(seconds >= 0.5)
        #expect(seconds < 0.9, "two waits of 0.5 s take at least 1 s")
        #expect(store.store.computed.count.value == 1)
    }
}
