import ReactiveLite
import TestSupport
import Testing

@testable import RxStateCore

@Suite struct RecorderMiddlewareTests {
    @Test func recordsEachActionWithTheStateItProducedButNotTheReplayedPair() {
        let store = makeStore()
        store.dispatch(action: CounterAction.add(2))
        let recorder = RecorderMiddleware()
        store.register(middlewares: [recorder])
        store.dispatch(action: CounterAction.increment)
        store.dispatch(action: TasksAction.add("a"))
        let entries = recorder.entries
        #expect(entries.count == 2)
        #expect(entries.first?.action as? CounterAction == .increment)
        #expect(entries.map { count(in: $0.state) } == [3, 3])
        #expect(recorder.state(after: 1)?.compactMap { $0 as? TasksState }.first?.tasks == ["a"])
        #expect(recorder.state(after: 2) == nil)
    }

    @Test func replayingTheLogOntoAFreshStoreReproducesEachRecordedState() {
        let original = Store()
        let recorder = RecorderMiddleware()
        original.register(middlewares: [recorder])
        registerReducers(on: original)
        original.dispatch(action: StoreAction.add(states: [CounterState(), TasksState()]))
        original.dispatch(action: CounterAction.add(5))
        original.dispatch(action: TasksAction.add("first"))
        original.dispatch(action: CounterAction.increment)
        original.dispatch(action: TasksAction.add("second"))
        #expect(recorder.actions.count == 5)

        // Time travel: reproduce the state after the third action.
        let fresh = Store()
        registerReducers(on: fresh)
        recorder.replay(onto: fresh, count: 3)
        #expect(fresh.substate(CounterState.self)?.count == 5)
        #expect(fresh.substate(TasksState.self)?.tasks == ["first"])
        #expect(count(in: recorder.state(after: 2) ?? []) == 5)

        let whole = Store()
        registerReducers(on: whole)
        recorder.replay(onto: whole)
        #expect(whole.substate(CounterState.self) == original.substate(CounterState.self))
        #expect(whole.substate(TasksState.self) == original.substate(TasksState.self))
    }

    @Test func stopEndsRecordingAndClearEmptiesTheLog() {
        let store = makeStore()
        let recorder = RecorderMiddleware()
        store.register(middlewares: [recorder])
        store.dispatch(action: CounterAction.increment)
        recorder.stop()
        store.dispatch(action: CounterAction.increment)
        #expect(recorder.entries.count == 1)
        recorder.clear()
        #expect(recorder.entries.isEmpty)
    }

    private func registerReducers(on store: Store) {
        store.register(CounterState.self, for: CounterAction.self) { state, action in
            switch action {
            case .increment: state.count += 1
            case .add(let amount): state.count += amount
            case .set(let value): state.count = value
            }
        }
        store.register(TasksState.self, for: TasksAction.self) { state, action in
            switch action {
            case .add(let task): state.tasks.append(task)
            }
        }
    }
}
