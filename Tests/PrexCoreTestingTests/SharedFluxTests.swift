import PrexCore
import PrexCoreTesting
import TestStoreSupport
import TestSupport
import Testing

/// Two test stores recording one flux at once: neither blinds the other to the flux's effects.
@MainActor
@Suite struct SharedFluxTests {
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test func aTestStoreStillSeesEffectsAfterAnotherOnTheSameFluxWent() async {
        let clock = TestClock()
        let flux = Flux(state: CounterState(), mutation: CounterMutation())
        let second = TestStore(flux: flux)
        do {
            let first = TestStore(flux: flux)
            await first.finish()
        }
        second.presenter.runEffect(id: "tick") { dispatch in
            try await clock.sleep(for: .seconds(1))
            await dispatch(.delayedIncrement)
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
        let flux = Flux(state: CounterState(), mutation: CounterMutation())
        let remaining = TestStore(flux: flux)
        do {
            // Released at the end of this scope, with the effect still asleep.
            let released = TestStore(flux: flux, exhaustivity: .off)
            remaining.presenter.runEffect(id: "tick") { dispatch in
                try await clock.sleep(for: .seconds(1))
                await dispatch(.delayedIncrement)
            }
            #expect(released.effectsInFlight.count == 1)
        }
        await clock.advance(by: .seconds(1))
        await remaining.receive(.delayedIncrement) { $0.count = 1 }
        await remaining.finish()
    }

    /// A non-exhaustive test store's `finish()` leaves the effects another test store of the same
    /// flux still follows running (it cancelled every effect of the flux, so the other test store
    /// never received what its effect dispatched).
    /// When every test store of a flux has finished, the last `finish()` cancels what is still in
    /// flight: a test store that finished no longer counts as following (two non-exhaustive test
    /// stores each saw the other and left the effect asleep).
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test func theLastOfTwoNonExhaustiveFinishesCancelsTheEffectsInFlight() async {
        let clock = TestClock()
        let flux = Flux(state: CounterState(), mutation: CounterMutation())
        let first = TestStore(flux: flux, exhaustivity: .off)
        let second = TestStore(flux: flux, exhaustivity: .off)
        first.presenter.runEffect(id: "tick") { dispatch in
            try await clock.sleep(for: .seconds(1))
            await dispatch(.delayedIncrement)
        }
        #expect(second.effectsInFlight.count == 1)
        await first.finish()
        #expect(second.effectsInFlight.count == 1, "cancelled while the other still followed it")
        await second.finish()
        #expect(await eventuallyOnMain(within: 10) { second.effectsInFlight.isEmpty })
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test func finishingANonExhaustiveTestStoreLeavesTheOtherOnesEffectRunning() async {
        let clock = TestClock()
        let flux = Flux(state: CounterState(), mutation: CounterMutation())
        let remaining = TestStore(flux: flux, timeout: 1)
        let finished = TestStore(flux: flux, exhaustivity: .off)
        remaining.presenter.runEffect(id: "tick") { dispatch in
            try await clock.sleep(for: .seconds(1))
            await dispatch(.delayedIncrement)
        }
        await finished.finish()
        #expect(remaining.effectsInFlight.count == 1)
        await clock.advance(by: .seconds(1))
        await remaining.receive(.delayedIncrement) { $0.count = 1 }
        await remaining.finish()
    }
}

/// `TestClock.run()` against an effect that sleeps in a loop.
@MainActor
@Suite struct TestClockRunTests {
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test(timeLimit(minutes: 5)) func runGivesUpOnASleeperThatLoopsAndFailsTheTest() async {
        let clock = TestClock()
        let flux = Flux(state: CounterState(), mutation: CounterMutation())
        let store = TestStore(flux: flux)
        store.presenter.runEffect(id: "timer") { _ in
            while true {
                try await clock.sleep(for: .seconds(1))
            }
        }
        await withKnownIssue {
            await clock.run()
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains(
                "run(): 1 sleeper still on the clock after 1,000 wake-ups: an effect sleeps in a loop.")
        }
        #expect(clock.now.offset == .seconds(1_000))
        store.cancelEffects()
        await store.finish()
    }
}
