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

    @Test func clearReleasesEntriesWhoseDeinitDispatchesToTheStoreWithoutDeadlocking() async {
        let store = makeStore()
        store.register(HeldState.self, for: HoldAction.self) { state, action in
            switch action {
            case .hold(let object): state.object = object
            case .release: state.object = nil
            }
        }
        store.dispatch(action: StoreAction.add(states: [HeldState()]))
        let recorder = RecorderMiddleware()
        store.register(middlewares: [recorder])
        store.dispatch(
            action: HoldAction.hold(DispatchesOnDeinit { store.dispatch(action: CounterAction.increment) }))
        // Now only the recorded state holds the object.
        store.dispatch(action: HoldAction.release)

        let finished = await finishes(within: 30) {
            await runOnThreads(1) { _ in recorder.clear() }
        }
        #expect(finished)
        // A deadlocked thread would still hold the recorder's lock: read nothing more.
        guard finished else { return }
        #expect(store.substate(CounterState.self)?.count == 1)
        #expect(recorder.actions.count == 1)
    }

    @Test func replayingANegativeCountReplaysNothing() {
        let original = makeStore()
        let recorder = RecorderMiddleware()
        original.register(middlewares: [recorder])
        original.dispatch(action: CounterAction.increment)
        let fresh = makeStore()
        let before = fresh.substate(CounterState.self)
        recorder.replay(onto: fresh, count: -1)
        #expect(fresh.substate(CounterState.self) == before)
        #expect(fresh.lastAction is StoreAction)
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

    /// The recorder logs the actions as the reducers saw them, after interception (an action an
    /// interceptor replaced is logged as its replacement, a dropped one not at all), so its log
    /// replays onto a store without interceptors.
    @Test func itRecordsTheActionsAsTheReducersSawThemAfterInterception() {
        let original = Store()
        let recorder = RecorderMiddleware()
        original.register(middlewares: [recorder])
        original.register(interceptors: [TenfoldInterceptor()])
        registerReducers(on: original)
        original.dispatch(action: StoreAction.add(states: [CounterState(), TasksState()]))
        original.dispatch(action: CounterAction.increment)  // reaches the reducers as add(10)
        original.dispatch(action: TasksAction.add("dropped"))  // never reaches them
        #expect(recorder.actions.compactMap { $0 as? CounterAction } == [.add(10)])
        #expect(!recorder.actions.contains { $0 is TasksAction })

        let replayed = Store()
        registerReducers(on: replayed)
        recorder.replay(onto: replayed)
        #expect(replayed.substate(CounterState.self)?.count == 10)
        #expect(replayed.substate(TasksState.self)?.tasks == [])
    }
}

/// An object whose deinit dispatches, as an object that posts "I am gone" to the store would.
private typealias DispatchesOnDeinit = Tripwire

private struct HeldState: SubstateType {
    var object: DispatchesOnDeinit?
}

private enum HoldAction: ActionType {
    case hold(DispatchesOnDeinit)
    case release
}

/// Passes `increment` on as `add(10)`, drops every `TasksAction`, and passes anything else on.
private struct TenfoldInterceptor: InterceptingMiddlewareType {
    func intercept(action: any ActionType, store: Store, next: @escaping @Sendable (any ActionType) -> Void) {
        switch action {
        case CounterAction.increment: next(CounterAction.add(10))
        case is TasksAction: return
        default: next(action)
        }
    }
}
