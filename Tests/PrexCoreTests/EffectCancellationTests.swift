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

/// An effect that sleeps until it is cancelled, then records `name` in `cancelled` and dispatches
/// `.load(name)`, which must be dropped. It ends by itself after 20 s, so that a version that
/// cancels nothing fails instead of hanging.
func waitingUntilCancelled(
    _ name: String, _ cancelled: Recorder<String>
) -> @Sendable (EffectDispatch<GatedAction>) async throws -> Void {
    { dispatch in
        do {
            try await Task.sleep(nanoseconds: 20_000_000_000)
        } catch {
            cancelled.append(name)
            await dispatch(.load(name))
        }
    }
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

    /// `cancelAllEffects()` cancels every effect the presenter started, named or not, and none that
    /// another presenter of the same flux started; a cancelled effect's dispatch is dropped.
    @Test func cancelAllEffectsCancelsThisPresentersEffectsAndNoOther() async {
        let flux = Flux(state: GatedState(), mutation: GatedMutation(gate: Gate()))
        let first = Presenter(view: GatedView(), flux: flux)
        let second = Presenter(view: GatedView(), flux: flux)
        let cancelled = Recorder<String>()
        let named = first.runEffect(id: "named", waitingUntilCancelled("named", cancelled))
        let unnamed = first.runEffect(waitingUntilCancelled("unnamed", cancelled))
        let other = second.runEffect(id: "other", waitingUntilCancelled("other", cancelled))
        #expect(flux.effectsInFlight.count == 3)

        first.cancelAllEffects()
        // Marked at once, under the registry's lock: the two of this presenter (in flight until
        // their operations return, which may already have happened), not the other.
        #expect(
            flux.effectsInFlight.filter { !$0.isCancelled }.map { $0.id.map { "\($0)" } } == ["other"])
        await named.value
        await unnamed.value
        #expect(Set(cancelled.values) == ["named", "unnamed"])
        #expect(flux.effectsInFlight.map { $0.id.map { "\($0)" } } == ["other"])

        second.cancelAllEffects()
        await other.value
        #expect(Set(cancelled.values) == ["named", "unnamed", "other"])
        #expect(flux.effectsInFlight.isEmpty)
        #expect(flux.store.state.loaded.isEmpty)
    }

    /// An effect ends with its presenter (the screen is gone): the presenter's deallocation cancels
    /// it, and what it dispatches after that is dropped; another presenter's effect on the same
    /// flux goes on.
    @Test func anEffectIsCancelledWhenItsPresenterIsDeallocated() async {
        let flux = Flux(state: GatedState(), mutation: GatedMutation(gate: Gate()))
        var presenter: Presenter<GatedAction, GatedState>? = Presenter(view: GatedView(), flux: flux)
        let other = Presenter(view: GatedView(), flux: flux)
        let cancelled = Recorder<String>()
        let effect = presenter?.runEffect(waitingUntilCancelled("mine", cancelled))
        let others = other.runEffect(waitingUntilCancelled("other's", cancelled))
        weak let gone = presenter
        presenter = nil
        #expect(gone == nil, "the effect kept its presenter alive")
        #expect(await finishes(within: 10) { await effect?.value })
        #expect(cancelled.values == ["mine"])
        #expect(flux.effectsInFlight.map(\.isCancelled) == [false])
        other.cancelAllEffects()
        await others.value
        #expect(flux.store.state.loaded.isEmpty)
    }

    /// Effect ids belong to the flux, not to the presenter that started the effect: a second
    /// presenter's effect with the same id replaces the first one's, and its `cancelEffect(id:)`
    /// cancels an effect the first presenter started.
    @Test func effectIdsBelongToTheFluxWhicheverPresenterStartedTheEffect() async {
        let flux = Flux(state: GatedState(), mutation: GatedMutation(gate: Gate()))
        let first = Presenter(view: GatedView(), flux: flux)
        let second = Presenter(view: GatedView(), flux: flux)
        let cancelled = Recorder<String>()
        let replaced = first.runEffect(id: "load", waitingUntilCancelled("first's load", cancelled))
        let replacing = second.runEffect(id: "load", waitingUntilCancelled("second's load", cancelled))
        #expect(await finishes(within: 10) { await replaced.value })
        #expect(cancelled.values == ["first's load"])

        let other = first.runEffect(id: "other", waitingUntilCancelled("first's other", cancelled))
        second.cancelEffect(id: "other")
        #expect(await finishes(within: 10) { await other.value })
        #expect(cancelled.values == ["first's load", "first's other"])

        second.cancelEffect(id: "load")
        await replacing.value
        #expect(flux.effectsInFlight.isEmpty)
        #expect(flux.store.state.loaded.isEmpty)
    }
}
