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

    /// An effect ends with its store: the store's deallocation cancels it (the effect does not keep
    /// the store alive), what it dispatches after that is dropped, and an effect started through
    /// the store's actions once the store is gone is born cancelled and never runs.
    @Test func anEffectIsCancelledWhenItsStoreIsDeallocatedAndNoneStartsAfter() async throws {
        let state = TestState<Local>()
        var store: LocalStore? = LocalStore(state: state, mutations: .init(), executor: .immediate)
        let actions = try #require(store?.actions)
        let cancelled = Counter()
        let effect = actions.runEffect { dispatch in
            do {
                try await Task.sleep(nanoseconds: 20_000_000_000)  // ends by itself, never hangs
            } catch {
                cancelled.increment()
                await dispatch(.record("after"))
            }
        }
        weak let gone = store
        store = nil
        #expect(gone == nil, "the effect kept its store alive")
        #expect(await finishes(within: 10) { await effect.value })
        #expect(cancelled.value == 1)
        #expect(state.journal.values.isEmpty)

        let ran = Counter()
        let late = actions.runEffect { _ in ran.increment() }
        #expect(late.isCancelled)
        await late.value
        #expect(ran.value == 0)
    }
}
