import FlowKernel
import TestStoreSupport
import TestSupport
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

    /// A synchronous creator has run by the time `send`'s wait begins, so a timeout of 0 (or one
    /// that waits for nothing) passes a correct test, as it does in the other two modules. It
    /// failed: the creator's task had not had a turn when the wait gave up.
    @MainActor @Test(arguments: [0, -Double.infinity])
    func aSynchronousCreatorPassesWithATimeoutThatWaitsForNothing(timeout: Double) async {
        let store = TestStore(state: CounterState(), mutations: CounterMutations(), timeout: timeout) {
            computed in
            CounterSnapshot(count: computed.count.value, isWaiting: computed.isWaiting.value)
        }
        await store.send {
            $0.increment()
        } assert: {
            $0.count = 1
        }
        await store.finish()
        #expect(store.store.computed.count.value == 1)
    }

    /// `finish` waits at most its timeout in all, for the action creators and the effects together:
    /// the effects get only what the creators left of it (it waited the whole timeout for each).
    /// Told that the creators took the whole hour, the effects' check reports the effect still
    /// running without waiting; a wait of the hour would exceed the test's time limit. (No bound in
    /// seconds: in a full parallel run other suites kept the cooperative pool busy for 12 s.)
    @MainActor @Test(timeLimit(minutes: 1))
    func theEffectsGetOnlyWhatTheCreatorsLeftOfTheTimeout() async {
        let registry = EffectRegistry()
        let engine = TestStoreEngine<Int, Int>(
            initialState: 0, isExhaustive: true,
            created: CallSite(fileID: #fileID, filePath: #filePath, line: #line, column: #column),
            currentState: { 0 }, describe: { "\($0)" })
        engine.track(registry)
        let effect = registry.start(id: nil, owner: nil, fileID: "F", line: 1) {
            try await Task.sleep(nanoseconds: 3_600_000_000_000)  // until cancelled
        }
        let site = CallSite(fileID: #fileID, filePath: #filePath, line: #line, column: #column)
        await withKnownIssue {
            await engine.finishEffects(timeout: 3_600, waited: 3_600, site: site)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.hasPrefix("finish: 1 effect still running after 3600.0 s") }
        }
        // Reported and cancelled: the effect ends.
        await effect.value
        #expect(registry.running.isEmpty)
    }
}
