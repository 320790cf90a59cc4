import RxStateCore
import RxStateCoreTesting
import Testing

/// A store whose middleware loads when a substate is added: an effect that dispatches at once.
private func makeStoreLoadingOnAdd() -> Store {
    let store = Store()
    store.register(CounterState.self, for: CounterAction.self) { state, action in
        if action == .delayedIncrement { state.count += 1 }
    }
    let loader = InterceptingMiddleware { action, store, next in
        next(action)
        if action is StoreAction {
            store.runEffect { dispatch in await dispatch(CounterAction.delayedIncrement) }
        }
    }
    store.register(interceptors: [loader])
    return store
}

@MainActor
@Suite struct EffectsStartedWhileCreatingTests {
    @Test func anEffectTheTestStoresOwnAddStartsIsRecordedAndReceived() async {
        // The test store adds the substate itself: the effect this starts waits until it records.
        for _ in 0..<100 {
            let store = TestStore(initialState: CounterState(), store: makeStoreLoadingOnAdd())
            await store.receive(CounterAction.delayedIncrement) { $0.count = 1 }
            await store.finish()
            #expect(store.state?.count == 1)
        }
    }
}
