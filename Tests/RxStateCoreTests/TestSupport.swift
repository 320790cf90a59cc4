import Dispatch
import Foundation
import ReactiveLite
import Synchronization

@testable import RxStateCore

// The library's lock, not Synchronization.Mutex: the thread sanitizer cannot see the latter on Linux.

/// Collects values from any thread, in arrival order.
final class Recorder<Value: Sendable>: Sendable {
    private let storage = Locked<[Value]>([])

    var values: [Value] { storage.withLock { $0 } }
    var count: Int { storage.withLock { $0.count } }

    func append(_ value: Value) {
        storage.withLock { $0.append(value) }
    }
}

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

/// Runs `body(index)` on `count` dedicated threads at once and returns when all have finished.
func runOnThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let done = DispatchSemaphore(value: 0)
    let start = DispatchSemaphore(value: 0)
    for index in 0..<count {
        let thread = Thread {
            start.wait()
            body(index)
            done.signal()
        }
        thread.start()
    }
    for _ in 0..<count { start.signal() }
    for _ in 0..<count { done.wait() }
}

/// Waits, without blocking, until `condition` holds or `seconds` pass; returns whether it held.
@discardableResult
func eventually(within seconds: Double = 5, _ condition: @Sendable () -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while !condition() {
        if Date() > deadline { return false }
        try? await Task.sleep(nanoseconds: 1_000_000)
    }
    return true
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
