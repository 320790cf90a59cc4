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

@MainActor
@Suite struct EffectStartedBeforeOwnDispatchTests {
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
