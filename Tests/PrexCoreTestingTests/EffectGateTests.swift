import FlowKernel
import TestStoreSupport
import TestSupport
import Testing

/// The gate a test store holds effects back with (while it creates what it tests, and during a
/// Prex send) opens by itself after the test store's timeout: an effect that the code holding it
/// back waits for (a presenter method that blocks until its own effect has run) starts late
/// instead of never. Tested on the gate itself: a test that blocks the main actor until an effect
/// gets a thread of the cooperative pool would depend on the other tests running beside it.
@Suite struct EffectGateTests {
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test(timeLimit(minutes: 1)) func aGateNobodyOpensOpensAfterTheTimeout() async {
        let gate = StartGate.holdingEffectsBack(upTo: 0.05)
        let started = ContinuousClock.now
        await gate.wait()
        #expect(ContinuousClock.now - started >= .milliseconds(40))
    }

    /// Without a limit (an infinite timeout), only `open()` opens it.
    @Test(timeLimit(minutes: 1)) func anOpenedGateLetsItsWaitersGo() async {
        let gate = StartGate.holdingEffectsBack(upTo: .infinity)
        let waiter = Task { await gate.wait() }
        gate.open()
        await waiter.value
        await gate.wait()
    }
}
