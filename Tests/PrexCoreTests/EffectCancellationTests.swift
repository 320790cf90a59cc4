import Foundation
import PrexCore
import TestSupport
import Testing

/// A state and mutation whose `.hold` keeps the store's turn until the test opens the gate.
struct GatedState: State, Equatable {
    var loaded: [String] = []
}

enum GatedAction: Action {
    case hold
    case load(String)
}

struct GatedMutation: Mutation {
    let gate: Gate

    func mutate(action: GatedAction, state: inout GatedState) {
        switch action {
        case .hold: gate.pass()
        case .load(let name): state.loaded.append(name)
        }
    }
}

final class GatedView: View {
    func reflect(change: StateChange<GatedState>) {}
}

@MainActor
@Suite(timeLimit(minutes: 1)) struct EffectCancellationTests {
    /// An effect whose dispatch finds the store busy, and is cancelled (or replaced by a new effect
    /// of the same id) while it waits for the turn: the action must not be applied when the turn
    /// comes.
    @Test(arguments: [false, true])
    func anEffectCancelledWhileItWaitsForTheTurnDispatchesNothing(replaced: Bool) async {
        let gate = Gate()
        let view = GatedView()
        let presenter = Presenter(view: view, state: GatedState(), mutation: GatedMutation(gate: gate))
        let dispatcher = presenter.flux.dispatcher
        Thread { dispatcher.dispatch(.hold) }.start()
        await gate.arrival()  // another thread holds the turn

        let dispatching = Shared(false)
        let stale = presenter.runEffect(id: "load") { dispatch in
            dispatching.value = true
            await dispatch(.load("stale"))
        }
        #expect(await eventually { dispatching.value })
        try? await Task.sleep(nanoseconds: 20_000_000)  // it suspends, waiting for the turn
        if replaced {
            presenter.runEffect(id: "load") { dispatch in await dispatch(.load("fresh")) }
        } else {
            presenter.cancelEffect(id: "load")
        }
        gate.release()
        await stale.value
        #expect(await eventually { presenter.flux.effectsInFlight.isEmpty })
        #expect(presenter.state.loaded == (replaced ? ["fresh"] : []))
    }
}
