import RxStateCore
import RxStateCoreTesting
import TestStoreSupport
import Testing

/// Two test stores recording one store at once: neither blinds the other to the store's effects.
@MainActor
@Suite struct SharedStoreTests {
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test func aTestStoreStillSeesEffectsAfterAnotherOnTheSameStoreWent() async {
        let clock = TestClock()
        let store = makeCounterStore()
        store.dispatch(action: StoreAction.add(states: [CounterState()]))
        let second = TestStore<CounterState>(store: store)
        do {
            let first = TestStore<CounterState>(store: store)
            await first.finish()
        }
        store.runEffect(id: "tick") { dispatch in
            try await clock.sleep(for: .seconds(1))
            await dispatch(CounterAction.delayedIncrement)
        }
        #expect(second.effectsInFlight.count == 1)
        await withKnownIssue {
            await second.finish(timeout: 0.05)
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("finish: 1 effect still running after 0.05 s")
        }
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test func releasingOneOfTwoTestStoresLeavesTheOtherOnesEffectRunning() async {
        let clock = TestClock()
        let store = makeCounterStore()
        store.dispatch(action: StoreAction.add(states: [CounterState()]))
        let remaining = TestStore<CounterState>(store: store)
        do {
            // Released at the end of this scope, with the effect still asleep.
            let released = TestStore<CounterState>(store: store, exhaustivity: .off)
            store.runEffect(id: "tick") { dispatch in
                try await clock.sleep(for: .seconds(1))
                await dispatch(CounterAction.delayedIncrement)
            }
            #expect(released.effectsInFlight.count == 1)
        }
        await clock.advance(by: .seconds(1))
        await remaining.receive(CounterAction.delayedIncrement) { $0.count = 1 }
        await remaining.finish()
    }

    /// A non-exhaustive test store's `finish()` leaves the effects another test store of the same
    /// store still follows running (it cancelled every effect of the store).
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test func finishingANonExhaustiveTestStoreLeavesTheOtherOnesEffectRunning() async {
        let clock = TestClock()
        let store = makeCounterStore()
        store.dispatch(action: StoreAction.add(states: [CounterState()]))
        let remaining = TestStore<CounterState>(store: store, timeout: 1)
        let finished = TestStore<CounterState>(store: store, exhaustivity: .off)
        store.runEffect(id: "tick") { dispatch in
            try await clock.sleep(for: .seconds(1))
            await dispatch(CounterAction.delayedIncrement)
        }
        await finished.finish()
        #expect(remaining.effectsInFlight.count == 1)
        await clock.advance(by: .seconds(1))
        await remaining.receive(CounterAction.delayedIncrement) { $0.count = 1 }
        await remaining.finish()
    }
}
