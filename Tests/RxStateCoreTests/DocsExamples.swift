import ReactiveLite
import RxStateCore
import TestSupport
import Testing

// Examples that docs/rxstate.md and the DocC catalog quote (between `snippet` markers;
// Tests/DocsTests checks that the quotes match), each inside a test that checks what the docs say.

@Suite struct StoreInBriefExample {
    @Test func theStoreAPIInBrief() async {
        // snippet: store-in-brief
        let store = Store()  // or Store(mainReducer: mainReducer)
        store.register(TasksState.self, for: TasksAction.self) { state, action in
            switch action {
            case .add(let task): state.tasks.append(task)
            }
        }
        store.dispatch(action: StoreAction.add(states: [TasksState()]))
        store.dispatch(action: TasksAction.add("Write docs"))

        let tasks = store.substate(TasksState.self)  // TasksState?, O(1)
        let everything = store.currentState  // [SubstateType]
        let last = store.lastAction  // ActionType?

        let states = store.state  // Signal<[SubstateType]>, replaying
        let actions = store.lastDispatchedAction  // Signal<ActionType?>, replaying
        let pairs = store.currentStateLastAction  // Signal<CurrentStateLastAction>, replaying
        let taskChanges = store.substateSignal(TasksState.self)  // Signal<TasksState>, when it changes
        let problems = store.diagnostics  // Signal<StoreError>
        let taskValues = taskChanges.values  // an AsyncSequence of TasksState

        store.register(middlewares: [LoggingMiddleware()])
        store.register(interceptors: [InterceptingMiddleware { action, store, next in next(action) }])
        // snippet-end: store-in-brief

        #expect(tasks?.tasks == ["Write docs"])
        #expect(everything.count == 1)
        #expect(last is TasksAction)

        let seenStates = Recorder<Int>()
        let seenActions = Recorder<Bool>()
        let seenPairs = Recorder<Int>()
        let seenProblems = Recorder<StoreError>()
        let scope = DisposableScope()
        scope += states.observe { seenStates.append($0.count) }
        scope += actions.observe { seenActions.append($0 is TasksAction) }
        scope += pairs.observe { seenPairs.append($0.currentState.count) }
        scope += problems.observe { seenProblems.append($0) }
        #expect(seenStates.values == [1] && seenActions.values == [true] && seenPairs.values == [1])

        var iterator = taskValues.makeAsyncIterator()
        #expect(await iterator.next()?.tasks == ["Write docs"])
        store.dispatch(action: TasksAction.add("Check them"))
        #expect(await iterator.next()?.tasks == ["Write docs", "Check them"])

        store.dispatch(action: UnknownAction())
        #expect(seenProblems.values == [.unhandledAction(typeName: String(reflecting: UnknownAction.self))])
    }
}

/// The tasks example, with the README's `Task` named `Todo` (Swift concurrency owns `Task`). In an
/// enum of its own so that its names do not clash with the other tests' fixtures.
enum TasksExample {
    // snippet: tasks-example-types
    struct Todo: Equatable, Sendable {
        var title: String
    }

    struct TasksState: SubstateType, Equatable {
        var tasks: [Todo] = []
        var addingTask = false
    }

    enum TasksAction: ActionType {
        case add(Todo)
    }
    // snippet-end: tasks-example-types

    @Suite struct Tests {
        @Test func tasksExampleAddsATaskAndAnnouncesTheCount() async {
            let counts = Recorder<Int>()
            let scopeOfTheTest = DisposableScope()
            // snippet: tasks-example-store
            let store = Store()
            store.register(TasksState.self, for: TasksAction.self) { state, action in
                switch action {
                case .add(let task): state.tasks.append(task)
                }
            }
            store.dispatch(action: StoreAction.add(states: [TasksState()]))

            let scope = DisposableScope()
            scope += store.substateSignal(TasksState.self)
                .map { $0.tasks.count }
                .observe(on: .mainThread)
                .observe { count in print("\(count) tasks") }
            // snippet-end: tasks-example-store

            scopeOfTheTest += store.substateSignal(TasksState.self)
                .map { $0.tasks.count }
                .observe(on: .mainThread)
                .observe { counts.append($0) }
            store.dispatch(action: TasksAction.add(Todo(title: "Write the docs")))
            #expect(await eventually { counts.values == [0, 1] })
            scope.dispose()
        }

        @Test func testingAStoreIsDispatchThenAssert() {
            // snippet: testing-a-store
            let store = Store()
            store.register(TasksState.self, for: TasksAction.self) { state, action in
                switch action {
                case .add(let task): state.tasks.append(task)
                }
            }
            store.dispatch(action: StoreAction.add(states: [TasksState()]))
            store.dispatch(action: TasksAction.add(Todo(title: "a")))
            #expect(store.substate(TasksState.self)?.tasks.count == 1)
            // snippet-end: testing-a-store
        }
    }
}

@Suite struct RecorderMiddlewareExample {
    @Test func replayingTwoActionsReproducesTheStateRecordedAfterPositionOne() {
        // snippet: recorder-middleware
        /// A store with the app's reducers and no substates: recordings start from one.
        func makeEmptyStore() -> Store {
            let store = Store()
            store.register(CounterState.self, for: CounterAction.self) { state, action in
                switch action {
                case .increment: state.count += 1
                case .add(let amount): state.count += amount
                case .set(let value): state.count = value
                }
            }
            return store
        }

        let store = makeEmptyStore()
        let recorder = RecorderMiddleware()
        store.register(middlewares: [recorder])  // records every action applied from now on
        store.dispatch(action: StoreAction.add(states: [CounterState()]))  // position 0
        store.dispatch(action: CounterAction.add(5))  // position 1
        store.dispatch(action: CounterAction.increment)  // position 2

        // Time travel to the state after `.add(5)`: replay the first two actions.
        let fresh = makeEmptyStore()
        recorder.replay(onto: fresh, count: 2)
        let replayed = fresh.substate(CounterState.self)  // count 5
        let recorded = recorder.state(after: 1)  // the state recorded after position 1: count 5
        // snippet-end: recorder-middleware

        #expect(replayed?.count == 5)
        #expect(count(in: recorded ?? []) == 5)
        #expect(recorder.actions.count == 3)
        #expect(count(in: recorder.state(after: 2) ?? []) == 6)
    }
}
