import Dispatch
import FlowKernel
import Foundation
import ReactiveLite
import TestSupport
import Testing

@testable import RxStateCore

@Suite struct StoreTests {
    @Test func dispatchOnAnIdleStoreAppliesTheActionBeforeReturning() {
        let store = makeStore()
        store.dispatch(action: CounterAction.increment)
        #expect(store.substate(CounterState.self)?.count == 1)
        store.dispatch(action: CounterAction.add(5))
        #expect(store.substate(CounterState.self)?.count == 6)
        #expect(store.lastAction as? CounterAction == .add(5))
    }

    @Test func addAppendsSubstatesInOrderAndResetRemovesThem() {
        let store = Store()
        #expect(store.currentState.isEmpty)
        #expect(store.lastAction == nil)
        store.dispatch(action: StoreAction.add(states: [TasksState(tasks: ["a"])]))
        store.dispatch(action: StoreAction.add(states: [CounterState(count: 3)]))
        let state = store.currentState
        #expect(state.count == 2)
        #expect(state.first is TasksState)
        #expect(state.last is CounterState)
        #expect(store.substate(TasksState.self) == TasksState(tasks: ["a"]))

        store.dispatch(action: StoreAction.reset)
        #expect(store.currentState.isEmpty)
        #expect(store.substate(TasksState.self) == nil)
        // The index is rebuilt: adding again after a reset is not a duplicate.
        store.dispatch(action: StoreAction.add(states: [CounterState(count: 9)]))
        #expect(store.substate(CounterState.self)?.count == 9)
    }

    @Test func typedReducerChangesOnlyItsSubstate() {
        let store = makeStore()
        store.dispatch(action: TasksAction.add("write tests"))
        #expect(store.substate(TasksState.self)?.tasks == ["write tests"])
        #expect(store.substate(CounterState.self)?.count == 0)
    }

    @Test func typedReducersForOneActionTypeRunInRegistrationOrderThenTheMainReducer() {
        let order = Recorder<String>()
        let store = Store(mainReducer: { state, _ in
            order.append("main")
            return state
        })
        store.register(CounterState.self, for: CounterAction.self) { state, _ in
            order.append("first \(state.count)")
            state.count = 10
        }
        store.register(CounterState.self, for: CounterAction.self) { state, _ in
            order.append("second \(state.count)")
            state.count += 1
        }
        store.dispatch(action: StoreAction.add(states: [CounterState()]))
        #expect(order.values.isEmpty)  // store actions reach no reducer
        store.dispatch(action: CounterAction.increment)
        #expect(order.values == ["first 0", "second 10", "main"])
        #expect(store.substate(CounterState.self)?.count == 11)
    }

    @Test func readingASubstateNeverAddedReturnsNil() {
        let store = makeStore()
        #expect(store.substate(NeverAddedState.self) == nil)
    }

    @Test func unhandledActionIsReportedAndLeavesTheStateAsItWas() {
        let store = makeStore()
        store.dispatch(action: CounterAction.add(2))
        let problems = Recorder<StoreError>()
        let pairs = Recorder<String>()
        store.diagnostics.observe { problems.append($0) }
        store.currentStateLastAction.observe { state, action in
            pairs.append("\(count(in: state)) \(action.map { "\(type(of: $0))" } ?? "nil")")
        }
        store.dispatch(action: UnknownAction())
        #expect(problems.values == [.unhandledAction(typeName: String(reflecting: UnknownAction.self))])
        #expect(store.substate(CounterState.self)?.count == 2)
        // Still announced with the unchanged state, so an observing middleware sees it.
        #expect(pairs.values == ["2 CounterAction", "2 UnknownAction"])
    }

    @Test func typedReducerWhoseSubstateIsMissingIsSkippedAndReported() {
        let store = Store()
        store.register(CounterState.self, for: CounterAction.self) { state, _ in state.count += 1 }
        store.register(TasksState.self, for: CounterAction.self) { state, _ in state.tasks.append("x") }
        store.dispatch(action: StoreAction.add(states: [TasksState()]))
        let problems = Recorder<StoreError>()
        store.diagnostics.observe { problems.append($0) }

        store.dispatch(action: CounterAction.increment)
        #expect(problems.values == [.substateNotFound(typeName: String(reflecting: CounterState.self))])
        // The other reducer for the same action still ran.
        #expect(store.substate(TasksState.self)?.tasks == ["x"])
        #expect(store.substate(CounterState.self) == nil)
    }

    @Test func duplicateAddIsRefusedWholeAndReported() {
        let store = makeStore()
        store.dispatch(action: CounterAction.add(4))
        let problems = Recorder<StoreError>()
        store.diagnostics.observe { problems.append($0) }

        store.dispatch(action: StoreAction.add(states: [NeverAddedState(), CounterState(count: 100)]))
        #expect(problems.values == [.duplicateSubstate(typeName: String(reflecting: CounterState.self))])
        #expect(store.substate(CounterState.self)?.count == 4)
        #expect(store.substate(NeverAddedState.self) == nil)  // all or nothing
        #expect(store.currentState.count == 2)

        store.dispatch(action: StoreAction.add(states: [NeverAddedState(), NeverAddedState()]))
        #expect(problems.count == 2)
        #expect(store.substate(NeverAddedState.self) == nil)
    }

    @Test func reentrantDispatchFromAReducerIsQueuedInOrder() {
        let store = Store()
        let log = Recorder<Int>()
        store.register(CounterState.self, for: CounterAction.self) { [weak store] state, action in
            guard case .set(let value) = action else { return }
            log.append(value)
            state.count = value
            if value == 1 {
                store?.dispatch(action: CounterAction.set(2))
                store?.dispatch(action: CounterAction.set(3))
                // Queued, not nested: this reducer's own change is still to be written.
                log.append(-1)
            }
        }
        store.dispatch(action: StoreAction.add(states: [CounterState()]))
        store.dispatch(action: CounterAction.set(1))
        #expect(log.values == [1, -1, 2, 3])
        #expect(store.substate(CounterState.self)?.count == 3)
    }

    @Test func readingTheStoreFromInsideAReducerReturnsNothingAndIsReported() {
        let store = makeStore()
        let seen = Box<[String]>([])
        store.register(CounterState.self, for: CounterAction.self) { [weak store] _, _ in
            guard let store else { return }
            let substate = store.substate(TasksState.self)
            let all = store.currentState
            seen.value = ["\(substate == nil)", "\(all.count)"]
        }
        let problems = Recorder<StoreError>()
        store.diagnostics.observe { problems.append($0) }
        store.dispatch(action: CounterAction.increment)
        #expect(seen.value == ["true", "0"])
        #expect(problems.values == [.readDuringReduction, .readDuringReduction])
        // Outside reducers, the state is all there.
        #expect(store.substate(CounterState.self)?.count == 1)
        #expect(store.currentState.count == 2)
    }

    @Test func aReadFromAnotherThreadWaitsForTheReducerToFinish() async {
        let store = makeStore()
        let inReducer = DispatchSemaphore(value: 0)
        store.register(TasksState.self, for: TasksAction.self) { state, _ in
            inReducer.signal()
            // Real threads are the point: the sleep keeps the reducer running while the other
            // thread reads, which must wait for it. No executor is involved to drive instead.
            Thread.sleep(forTimeInterval: 0.05)
            state.tasks.append("slow")
        }
        let read = Box<[String]?>(nil)
        let readDone = DispatchSemaphore(value: 0)
        Thread {
            inReducer.wait()
            read.value = store.substate(TasksState.self)?.tasks
            readDone.signal()
        }.start()
        store.dispatch(action: TasksAction.add("fast"))
        readDone.wait()
        // Both reducers ran before the read: it waited instead of seeing a state in the making.
        #expect(read.value == ["fast", "slow"])
    }

    @Test func aStoreWithoutObserversIsReleased() {
        weak var weakStore: Store?
        do {
            let store = makeStore()
            store.dispatch(action: CounterAction.increment)
            let scope = DisposableScope()
            scope += store.state.observe { _ in }
            weakStore = store
        }
        #expect(weakStore == nil)
    }
    /// While an action is reduced, `lastAction` is still the one before it, matching the state a
    /// reader sees then; once the action is applied, it is that action.
    @Test func whileAnActionIsReducedLastActionIsStillThePreviousOne() {
        let store = makeStore()
        let seen = Box<[String]>([])
        store.register(TasksState.self, for: CounterAction.self) { [weak store] _, action in
            let last = store?.lastAction.map { "\($0)" } ?? "nil"
            seen.modify { $0.append("reducing \(action), last \(last)") }
        }
        store.dispatch(action: CounterAction.set(1))
        store.dispatch(action: CounterAction.set(2))
        #expect(seen.value.count == 2)
        #expect(seen.value.last == "reducing set(2), last set(1)")
        #expect(store.lastAction as? CounterAction == .set(2))
    }

}

/// RxState's protocol and names, for code that migrates unchanged.
@Suite struct StoreTypeTests {
    /// Written against the protocol only, as a view model taking any store would be.
    private func addCounter<S: StoreType>(to store: S) -> Recorder<Int> {
        let counts = Recorder<Int>()
        store.state.observe { (state: StoreState) in counts.append(count(in: state)) }
        store.dispatch(action: StoreAction.add(states: [CounterState()]))
        return counts
    }

    @Test func storeWorksThroughRxStatesStoreTypeProtocol() {
        let store = Store(mainReducer: { state, action in
            guard case .increment? = action as? CounterAction else { return state }
            return state.map { ($0 as? CounterState).map { CounterState(count: $0.count + 1) } ?? $0 }
        })
        let counts = addCounter(to: store)
        store.dispatch(action: CounterAction.increment)
        #expect(counts.values == [-1, 0, 1])  // empty, added, incremented
        let made = Store.self as any StoreType.Type
        #expect(made.init(mainReducer: { state, _ in state }) is Store)
    }

    /// RxState's protocol requires the last action (`lastDispatchedaAtion` in
    /// `RxState/RxState.swift`): read through the protocol, ours is the store's own signal, and a
    /// conforming type that does not declare it gets one from `currentStateLastAction`.
    @Test func theLastActionIsReadThroughTheProtocol() {
        let store = Store()
        let lastActions = Recorder<String>()
        let stores: [any StoreType] = [store, ForwardingStore(store)]
        for each in stores {
            each.lastDispatchedAction.observe { lastActions.append($0.map { "\($0)" } ?? "nil") }
        }
        store.dispatch(action: StoreAction.reset)
        #expect(lastActions.values == ["nil", "nil", "reset", "reset"])
    }
}

/// A `StoreType` written by a user (a mock or a wrapper) that declares no last action: it gets one
/// derived from its `currentStateLastAction`; read under RxState's name, it is the same.
private final class ForwardingStore: StoreType {
    let store: Store

    init(_ store: Store) {
        self.store = store
    }

    convenience init(mainReducer: @escaping MainReducer) {
        self.init(Store(mainReducer: mainReducer))
    }

    var state: Signal<StoreState> { store.state }
    var currentStateLastAction: Signal<CurrentStateLastAction> { store.currentStateLastAction }
    func dispatch(action: any ActionType) { store.dispatch(action: action) }
    func register(middlewares: [any MiddlewareType]) { store.register(middlewares: middlewares) }
}

@Suite struct MisuseVisibilityTests {
    @Test func storeErrorsAreReportedOnStandardErrorInDebugBuildsAsWellAsOnDiagnostics() {
        let store = makeStore()
        let problems = Recorder<StoreError>()
        store.diagnostics.observe(problems.observer)
        store.dispatch(action: UnknownAction())
        #expect(problems.values == [.unhandledAction(typeName: String(reflecting: UnknownAction.self))])
        #expect(MisuseReporter.shared.hasReported("RxStateCore.StoreError.unhandledAction"))
    }

    @Test func negativeReplayCountIsReportedInDebugBuilds() {
        RecorderMiddleware().replay(onto: makeStore(), count: -2)
        #expect(MisuseReporter.shared.hasReported("RxStateCore.RecorderMiddleware.negativeReplayCount"))
    }
}

/// Names from RxState's source (`RxState/RxState.swift`) that its own example test and app use.
@Suite struct RxStateSourceNameTests {
    struct Tasks: SubstateType, Equatable { var names: [String] = [] }

    @Test func storeStoreActionIsStoreAction() {
        let store = Store()
        store.dispatch(action: Store.StoreAction.add(states: [Tasks()]))
        #expect(store.substate(Tasks.self) == Tasks())
        let action: StoreAction = Store.StoreAction.reset
        store.dispatch(action: action)
        #expect(store.currentState.isEmpty)
    }

    struct Other: SubstateType, Equatable {}

    /// `Store.reduce(state:action:)` gives what the store's own state becomes for the same action.
    @Test func reduceStateActionGivesTheStateTheStoreReaches() {
        let store = Store()
        var state: [any SubstateType] = []
        for action: StoreAction in [
            .add(states: [Tasks()]), .add(states: [Other(), Tasks(names: ["again"])]),
            .add(states: [Other()]), .reset, .add(states: [Other(), Tasks()]),
        ] {
            state = Store.reduce(state: state, action: action)
            store.dispatch(action: action)
            #expect(state.map { "\(type(of: $0))" } == store.currentState.map { "\(type(of: $0))" })
        }
        #expect(state.count == 2)
    }

    @available(*, deprecated)
    @Test func rxStatesMisspelledNamesStillCompileAndMeanTheSame() {
        let added = Store.reduce(state: [], sction: .add(states: [Tasks(names: ["a"])]))
        #expect((added.first as? Tasks)?.names == ["a"])
        let pair: StateLastAction = (currentState: added, lastAction: nil)
        #expect(pair.currentState.count == 1)
    }

    @available(*, deprecated)
    @Test func actionIsTheLastDispatchedAction() {
        let store = Store()
        let seen = Recorder<String>()
        let observation = store.action.observe { action in
            seen.append(action.map { "\($0)" } ?? "nil")
        }
        store.dispatch(action: StoreAction.reset)
        #expect(seen.values == ["nil", "reset"])
        observation.dispose()
    }

    /// RxState 0.6.0's `stateLastAction` is ``currentStateLastAction`` under its old name.
    @available(*, deprecated)
    @Test func stateLastActionIsTheCurrentStateWithTheLastAction() {
        let store = Store()
        let seen = Recorder<String>()
        let observation = store.stateLastAction.observe { state, action in
            seen.append("\(state.count) substates, last action a store action: \(action is StoreAction)")
        }
        store.dispatch(action: StoreAction.add(states: [Tasks()]))
        #expect(
            seen.values == [
                "0 substates, last action a store action: false",
                "1 substates, last action a store action: true",
            ])
        observation.dispose()
    }
}
