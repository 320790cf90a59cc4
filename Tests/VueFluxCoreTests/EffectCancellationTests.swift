import Foundation
import ReactiveLite
import TestSupport
import Testing

@testable import VueFluxCore

@Suite(timeLimit(minutes: 1)) struct EffectCancellationTests {
    /// An effect whose dispatch finds the store busy, and is cancelled (or replaced by a new effect
    /// of the same id) while it waits for the turn: the action must not be committed when the turn
    /// comes.
    @Test(arguments: [false, true])
    func anEffectCancelledWhileItWaitsForTheTurnDispatchesNothing(replaced: Bool) async {
        let gate = Gate()
        let state = TestState<Local>()
        let store = LocalStore(state: state, mutations: .init(), executor: .immediate)
        let actions = store.actions
        Thread { actions.dispatch(action: .hook("hold") { gate.pass() }) }.start()
        await gate.arrival()  // another thread holds the turn

        let dispatching = Shared(false)
        let stale = actions.runEffect(id: "load") { dispatch in
            dispatching.value = true
            await dispatch(.record("stale"))
        }
        #expect(await eventually { dispatching.value })
        try? await Task.sleep(nanoseconds: 20_000_000)  // it suspends, waiting for the turn
        if replaced {
            actions.runEffect(id: "load") { dispatch in await dispatch(.record("fresh")) }
        } else {
            actions.cancelEffect(id: "load")
        }
        gate.release()
        await stale.value
        #expect(await eventually { store.effectsInFlight.isEmpty })
        #expect(state.journal.values == ["s:hold", "s:hold done"] + (replaced ? ["s:fresh"] : []))
    }
}
