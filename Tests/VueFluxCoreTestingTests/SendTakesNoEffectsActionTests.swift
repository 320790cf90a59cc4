import TestStoreSupport
import Testing
import VueFluxCore
import VueFluxCoreTesting

/// An action creator that only starts an effect, which dispatches at once: the effect's action is
/// committed before the send checks anything, and it is still not the send's own.
@MainActor
@Suite struct SendTakesNoEffectsActionTests {
    @Test func anEffectsActionCommittedDuringASendIsLeftForReceive() async {
        let (store, _) = makeCounterTestStore()
        await store.send { actions in
            // The creator returns once the effect has committed its action.
            await actions.runEffect { dispatch in
                await dispatch(.increment)
            }.value
        }
        await store.receive(.increment) { $0.count = 1 }
        await store.finish()
        #expect(store.state == CounterSnapshot(count: 1))
    }
}
