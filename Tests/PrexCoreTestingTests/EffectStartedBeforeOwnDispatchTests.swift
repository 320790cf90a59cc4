import Dispatch
import PrexCore
import PrexCoreTesting
import TestStoreSupport
import Testing

/// A presenter method that starts an effect and then dispatches its own action (a search that
/// shows its spinner after starting the request): the effect's action must come after the
/// method's, whichever thread the effect runs on, so that the send's verdict does not depend on a
/// race.
extension Presenter where Action == CounterAction, State == CounterState {
    /// Starts an effect that dispatches at once, gives it up to `grace` seconds to do so, then
    /// dispatches `incrementLater` (the method's own action).
    func startEffectThenDispatch(grace: Double) {
        runEffect { dispatch in await dispatch(.delayedIncrement) }
        // Without the test store holding the effect back, it runs on another thread now and its
        // action lands before the method's: wait for that, a short while at most.
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(grace * 1e9)
        while flux.store.state.count == 0 && DispatchTime.now().uptimeNanoseconds < deadline {}
        dispatch(.incrementLater)
    }
}

extension Presenter where Action == CounterAction, State == CounterState {
    /// Starts an effect and waits, blocking, up to `patience` seconds for it to run; then
    /// dispatches `increment`. Returns whether the effect ran within that time.
    func startEffectAndWaitForIt(patience: Double) -> Bool {
        let ran = DispatchSemaphore(value: 0)
        runEffect { _ in ran.signal() }
        let didRun = ran.wait(timeout: .now() + patience) == .success
        dispatch(.increment)
        return didRun
    }
}

@MainActor
@Suite struct EffectStartedBeforeOwnDispatchTests {
    /// A method that waits for the effect it started: held back until the send returns, the effect
    /// would never run within the wait. It begins after the test store's timeout instead.
    @Test func aMethodThatWaitsForItsOwnEffectSeesItRunAfterTheTimeout() async {
        let store = TestStore(initialState: CounterState(), mutation: CounterMutation(), timeout: 0.2)
        var didRun = false
        await store.send {
            didRun = $0.startEffectAndWaitForIt(patience: 5)
        } assert: {
            $0.count = 1
        }
        #expect(didRun, "the effect did not run while the method waited for it")
        await store.finish()
    }

    @Test func theMethodsOwnActionIsAssertedByTheSendAndTheEffectsIsReceivedAfterIt() async {
        var failed = 0
        for _ in 0..<10 {
            let failures = await FailureReporter.captureFailures {
                let store = TestStore(initialState: CounterState(), mutation: CounterMutation())
                await store.send {
                    $0.startEffectThenDispatch(grace: 0.05)
                } assert: {
                    $0.isWaiting = true
                }
                await store.receive(.delayedIncrement) {
                    $0.count = 1
                    $0.isWaiting = false
                }
                await store.finish()
                #expect(store.state == CounterState(count: 1, isWaiting: false))
            }
            failed += failures.isEmpty ? 0 : 1
        }
        #expect(failed == 0, "\(failed) of 10 sends depended on whether the effect's action came first")
    }
}
