import Dispatch
import FlowKernel
import Foundation
import ReactiveLite
import TestSupport

@testable import RxStateCore

/// A value behind a lock, settable from any closure.
final class Box<Value: Sendable>: Sendable {
    private let storage: Locked<Value>

    init(_ value: Value) {
        storage = Locked(value)
    }

    var value: Value {
        get { storage.withLock { $0 } }
        set { storage.withLock { $0 = newValue } }
    }

    func modify<Result>(_ body: (inout Value) -> Result) -> Result {
        storage.withLock(body)
    }
}

// MARK: - Fixtures

struct CounterState: SubstateType, Equatable {
    var count = 0
}

enum CounterAction: ActionType, Equatable {
    case increment
    case add(Int)
    /// Carries a label so that tests can tell actions apart in the announced pairs.
    case set(Int)
}

struct TasksState: SubstateType, Equatable {
    var tasks: [String] = []
}

enum TasksAction: ActionType {
    case add(String)
}

struct NeverAddedState: SubstateType, Equatable {
    var flag = false
}

struct UnknownAction: ActionType {}

/// A store with a counter and a tasks substate and a typed reducer for each.
func makeStore() -> Store {
    let store = Store()
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
    store.dispatch(action: StoreAction.add(states: [CounterState(), TasksState()]))
    return store
}

/// The counter in a state, or -1 if it is missing.
func count(in state: [SubstateType]) -> Int {
    state.compactMap { $0 as? CounterState }.first?.count ?? -1
}
