import ReactiveLite
import TestSupport
import Testing

@testable import RxStateCore

// The RxState README's snippets, as written there, with what docs/rxstate.md says changes:
// `Driver` becomes `Signal`, `.drive(onNext:)` becomes `.observe { }`, `DisposeBag` becomes
// `DisposableScope`, `fatalError` gives way to returning the state unchanged, and the README's
// `Task` is `Todo` here (Swift concurrency owns that name). The regions are quoted by docs/rxstate.md
// and the DocC catalog (Tests/DocsTests checks them).

struct Todo: Equatable, Sendable {
    var title: String
}

extension Store {
    struct TasksState: SubstateType, Equatable {
        var tasks: [Todo] = []
        var addingTask = false
    }

    static func reduce(state: TasksState, action: ReadmeTasksAction) -> TasksState {
        var state = state
        switch action {
        case .add(let task): state.tasks.append(task)
        }
        return state
    }
}

enum ReadmeTasksAction: ActionType {
    case add(Todo)
}

/// The README's main reducer: cast the action, find the substate, reduce, write it back.
// snippet: main-reducer
let mainReducer: MainReducer = { (state: [SubstateType], action: ActionType) -> [SubstateType] in
    // Copy the `App State`
    var state: [SubstateType] = state

    // Cast to a specific `Action`.
    switch action {
    case let action as ReadmeTasksAction:

        // Extract the `Substate`.
        guard
            var (tasksStateIndex, tasksState) =
                state
                .enumerated()
                .first(where: { (_, substate: SubstateType) -> Bool in
                    return substate is Store.TasksState
                }
                ) as? (Int, Store.TasksState)
        else {
            // The README calls fatalError here; a store never needs to.
            return state
        }

        // Reduce the `Substate` to get a new `Substate`.
        tasksState = Store.reduce(state: tasksState, action: action)

        // Replace the `Substate` in the `App State` with the new `Substate`.
        state[tasksStateIndex] = tasksState as SubstateType

    default:
        // The README calls fatalError here: unknown actions leave the state as it was.
        break
    }

    // Return the new `App State`
    return state
}
// snippet-end: main-reducer

/// The README's logging middleware; `Middleware, HasDisposeBag` become `MiddlewareType` and a scope,
/// and the lines go to `write` (printed unless told otherwise) so that a test can read them.
// snippet: logging-middleware
final class LoggingMiddleware: MiddlewareType {
    let disposableScope = DisposableScope()
    private let write: @Sendable (String) -> Void

    init(write: @escaping @Sendable (String) -> Void = { print($0) }) {
        self.write = write
    }

    func observe(currentStateLastAction: Signal<CurrentStateLastAction>) {
        let write = self.write
        disposableScope += currentStateLastAction.observe {
            (currentState: [SubstateType], lastAction: ActionType?) in
            write("\(currentState)")
            write("\(lastAction as Any)")
        }
    }
}
// snippet-end: logging-middleware

@Suite struct ReadmeSnippetTests {
    @Test func addingASubstateAndReducingWithTheMainReducer() {
        let store = Store(mainReducer: mainReducer)
        let tasksState = Store.TasksState()
        let action = StoreAction.add(states: [tasksState])
        store.dispatch(action: action)

        store.dispatch(action: ReadmeTasksAction.add(Todo(title: "Read the README")))
        #expect(store.substate(Store.TasksState.self)?.tasks == [Todo(title: "Read the README")])

        // The untyped reducer sees every action, so the store reports nothing for an unknown one.
        let problems = Recorder<StoreError>()
        store.diagnostics.observe { problems.append($0) }
        store.dispatch(action: UnknownAction())
        #expect(problems.values.isEmpty)
        #expect(store.substate(Store.TasksState.self)?.tasks.count == 1)
    }

    @Test func mainReducerWithoutItsSubstateLeavesTheStateAsItWas() {
        let store = Store(mainReducer: mainReducer)
        store.dispatch(action: ReadmeTasksAction.add(Todo(title: "lost")))
        #expect(store.currentState.isEmpty)
    }

    @Test func loggingMiddlewareLogsEachStateAndAction() {
        let store = Store(mainReducer: mainReducer)
        let lines = Recorder<String>()
        let logging = LoggingMiddleware { lines.append($0) }
        store.register(middlewares: [logging])
        store.dispatch(action: StoreAction.add(states: [Store.TasksState()]))
        let log = lines.values
        #expect(log.count == 4)
        #expect(log[1] == "nil")
        #expect(log[3].contains("add(states:"))
    }

    @Test func mainReducerReturningTwoSubstatesOfOneTypeIsRefused() {
        let store = Store(mainReducer: { state, _ in state + state })
        store.dispatch(action: StoreAction.add(states: [CounterState(count: 1)]))
        let problems = Recorder<StoreError>()
        store.diagnostics.observe { problems.append($0) }
        store.dispatch(action: CounterAction.increment)
        #expect(problems.values == [.duplicateSubstate(typeName: String(reflecting: CounterState.self))])
        #expect(store.currentState.count == 1)
    }

    @Test func mainReducerMayReorderSubstatesAndTypedReadsFollow() {
        let store = Store(mainReducer: { state, _ in state.reversed() })
        store.dispatch(action: StoreAction.add(states: [CounterState(count: 1), TasksState(tasks: ["t"])]))
        store.dispatch(action: CounterAction.increment)
        #expect(store.currentState.first is TasksState)
        #expect(store.substate(CounterState.self)?.count == 1)
        #expect(store.substate(TasksState.self)?.tasks == ["t"])
    }
}
