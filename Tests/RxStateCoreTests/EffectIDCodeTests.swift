import Foundation
import TestSupport
import Testing

@testable import RxStateCore

/// The store, held weakly by an id.
private final class WeakStore: Sendable {
    weak let store: Store?
    let calls = Counter()

    init(_ store: Store) {
        self.store = store
    }

    /// What the id's own code does: asks the store what is in flight and cancels an effect.
    func callTheStore() {
        calls.increment()
        _ = store?.effectsInFlight.count
        store?.cancelEffect(id: "none")
    }
}

/// An effect id whose `==` and `hash(into:)` call the store's effect API: user code, which must not
/// run under the store's effect registry's lock (it did, and the process stopped).
private struct ChattyID: Hashable, Sendable {
    let name: String
    let store: WeakStore

    static func == (lhs: ChattyID, rhs: ChattyID) -> Bool {
        lhs.store.callTheStore()
        return lhs.name == rhs.name
    }

    func hash(into hasher: inout Hasher) {
        store.callTheStore()
        hasher.combine(name)
    }
}

@Suite(timeLimit(minutes: 1)) struct EffectIDCodeTests {
    /// Started twice with equal ids (the registry compares them and replaces the first), then
    /// cancelled by id: the id's code calls the store each time, and each step does what it does
    /// for any id.
    @Test func anEffectIdWhoseOwnCodeCallsTheStoreIsServedLikeAnyOther() async {
        let store = Store()
        let box = WeakStore(store)
        let first = store.runEffect(id: ChattyID(name: "search", store: box)) { _ in
            try await Task.sleep(nanoseconds: 20_000_000_000)  // ends by itself, never hangs
        }
        let second = store.runEffect(id: ChattyID(name: "search", store: box)) { _ in
            try await Task.sleep(nanoseconds: 20_000_000_000)
        }
        #expect(
            await finishes(within: 10) { await first.value }, "the equal id did not replace the first effect")
        #expect(store.effectsInFlight.map(\.isCancelled) == [false])
        store.cancelEffect(id: ChattyID(name: "search", store: box))
        #expect(await finishes(within: 10) { await second.value }, "cancelling by an equal id did not end it")
        #expect(await eventually { store.effectsInFlight.isEmpty })
        #expect(box.calls.value > 0)
    }
}
