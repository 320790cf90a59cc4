import Foundation
import PrexCore
import TestSupport
import Testing

/// An effect id whose `==` and `hash(into:)` ask the flux what is in flight: user code, which must
/// not run under the flux's effect registry's lock (it did, and the process stopped).
private struct ChattyID: Hashable, Sendable {
    let name: String
    let flux: Flux<GatedAction, GatedState>
    let calls: Counter

    static func == (lhs: ChattyID, rhs: ChattyID) -> Bool {
        lhs.callTheFlux()
        return lhs.name == rhs.name
    }

    func hash(into hasher: inout Hasher) {
        callTheFlux()
        hasher.combine(name)
    }

    private func callTheFlux() {
        calls.increment()
        _ = flux.effectsInFlight.count
    }
}

@MainActor
@Suite(timeLimit(minutes: 1)) struct EffectIDCodeTests {
    /// Started twice with equal ids (the registry compares them and replaces the first), then
    /// cancelled by id: the id's code calls the flux each time, and each step does what it does
    /// for any id.
    @Test func anEffectIdWhoseOwnCodeCallsTheFluxIsServedLikeAnyOther() async {
        let presenter = Presenter(
            view: GatedView(), state: GatedState(), mutation: GatedMutation(gate: Gate()))
        let flux = presenter.flux
        let calls = Counter()
        let first = presenter.runEffect(id: ChattyID(name: "search", flux: flux, calls: calls)) { _ in
            try await Task.sleep(nanoseconds: 20_000_000_000)  // ends by itself, never hangs
        }
        let second = presenter.runEffect(id: ChattyID(name: "search", flux: flux, calls: calls)) { _ in
            try await Task.sleep(nanoseconds: 20_000_000_000)
        }
        #expect(
            await finishes(within: 10) { await first.value }, "the equal id did not replace the first effect")
        #expect(flux.effectsInFlight.map(\.isCancelled) == [false])
        presenter.cancelEffect(id: ChattyID(name: "search", flux: flux, calls: calls))
        #expect(await finishes(within: 10) { await second.value }, "cancelling by an equal id did not end it")
        #expect(await eventually { flux.effectsInFlight.isEmpty })
        #expect(calls.value > 0)
    }
}
