import Foundation
import ReactiveLite
import TestSupport
import Testing

@testable import RxStateCore

struct GatedSubstate: SubstateType, Equatable {
    var loaded: [String] = []
}

enum GatedAction: ActionType {
    case hold
    case load(String)
}

@Suite(timeLimit(minutes: 1)) struct EffectCancellationTests {
    /// An effect whose dispatch finds the store busy, and is cancelled (or replaced by a new effect
    /// of the same id) while it waits for the turn: the action must not be applied when the turn
    /// comes.
    @Test(arguments: [false, true])
    func anEffectCancelledWhileItWaitsForTheTurnDispatchesNothing(replaced: Bool) async {
        let gate = Gate()
        let store = Store()
        store.register(GatedSubstate.self, for: GatedAction.self) { state, action in
            switch action {
            case .hold: gate.pass()
            case .load(let name): state.loaded.append(name)
            }
        }
        store.dispatch(action: StoreAction.add(states: [GatedSubstate()]))
        Thread { store.dispatch(action: GatedAction.hold) }.start()
        await gate.arrival()  // another thread holds the turn

        let dispatching = Shared(false)
        let stale = store.runEffect(id: "load") { dispatch in
            dispatching.value = true
            await dispatch(GatedAction.load("stale"))
        }
        #expect(await eventually { dispatching.value })
        try? await Task.sleep(nanoseconds: 20_000_000)  // it suspends, waiting for the turn
        if replaced {
            store.runEffect(id: "load") { dispatch in await dispatch(GatedAction.load("fresh")) }
        } else {
            store.cancelEffect(id: "load")
        }
        gate.release()
        await stale.value
        #expect(await eventually { store.effectsInFlight.isEmpty })
        #expect(store.substate(GatedSubstate.self)?.loaded == (replaced ? ["fresh"] : []))
    }

    /// An effect ends with its store: the store's deallocation cancels it (the effect does not keep
    /// the store alive: its dispatch holds the store weakly).
    @Test func anEffectIsCancelledWhenItsStoreIsDeallocated() async {
        var store: Store? = Store()
        let cancelled = Counter()
        let effect = store?.runEffect { dispatch in
            do {
                try await Task.sleep(nanoseconds: 20_000_000_000)  // ends by itself, never hangs
            } catch {
                cancelled.increment()
                await dispatch(GatedAction.load("after"))
            }
        }
        weak let gone = store
        store = nil
        #expect(gone == nil, "the effect kept its store alive")
        #expect(await finishes(within: 10) { await effect?.value })
        #expect(cancelled.value == 1)
    }
}
