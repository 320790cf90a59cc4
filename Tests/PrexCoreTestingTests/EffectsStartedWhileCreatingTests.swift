import PrexCore
import PrexCoreTesting
import Testing

/// A presenter that loads as it is made: its initializer starts an effect that dispatches at once.
final class LoadingOnInitPresenter: Presenter<CounterAction, CounterState> {
    init(view: some View<CounterState>) {
        super.init(view: view, flux: Flux(state: CounterState(), mutation: CounterMutation()))
        runEffect { dispatch in await dispatch(.delayedIncrement) }
    }
}

@MainActor
@Suite struct EffectsStartedWhileCreatingTests {
    @Test func anEffectThePresentersInitializerStartsIsRecordedAndReceived() async {
        // Its action must land neither in the initial state nor between the state's read and the
        // recording: the effect waits until the test store records. Repeated, since the effect
        // runs on another thread.
        for _ in 0..<100 {
            let store = TestStore { view in LoadingOnInitPresenter(view: view) }
            await store.receive(.delayedIncrement) { $0.count = 1 }
            await store.finish()
            #expect(store.state.count == 1)
        }
    }
}
