import Dispatch
import PrexCore
import PrexCoreTesting
import TestStoreSupport
import Testing

/// A send that only starts an effect, which dispatches at once: the effect's action is applied
/// before the send checks anything, and it is still not the send's own.
@MainActor
@Suite struct SendTakesNoEffectsActionTests {
    @Test func anEffectsActionAppliedDuringASendIsLeftForReceive() async {
        let store = TestStore(initialState: CounterState(), mutation: CounterMutation())
        let applied = DispatchSemaphore(value: 0)
        await store.send { presenter in
            presenter.runEffect { dispatch in
                await dispatch(.increment)
                applied.signal()
            }
            // Holds the send until the effect's action is applied and recorded (on the effect's
            // task, which needs nothing from the main actor).
            #expect(applied.wait(timeout: .now() + 10) == .success)
        }
        await store.receive(.increment) { $0.count = 1 }
        await store.finish()
    }

    @Test func aSendsOwnActionAfterAnEffectsIsTheOneItAsserts() async {
        let store = TestStore(initialState: CounterState(), mutation: CounterMutation())
        let applied = DispatchSemaphore(value: 0)
        await withKnownIssue {
            // The effect's action comes first: the send asserts its own, whose state includes the
            // effect's change, and the effect's is received next (its state is not the send's).
            await store.send { presenter in
                presenter.runEffect { dispatch in
                    await dispatch(.increment)
                    applied.signal()
                }
                #expect(applied.wait(timeout: .now() + 10) == .success)
                presenter.dispatch(.incrementLater)
            } assert: {
                $0.count = 1
                $0.isWaiting = true
            }
            await store.receive(.increment) { $0.count = 1 }
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("receive(increment): the state differs")
        }
        #expect(store.state == CounterState(count: 1, isWaiting: true))
        await store.finish()
    }
}
