import Synchronization

/// The floor: a final class with one lock around a struct state and an array of observer closures.
///
/// What a thread-safe store cannot beat by much: it mutates in place, notifies in order, and does
/// nothing else (no reentrancy queue, no main-thread delivery, no lifetime management). The lock is
/// `Synchronization.Mutex`, the fastest on each platform; the sanitizer concerns that keep it out of
/// the libraries do not apply to a benchmark.
final class BaselineStore<State: Sendable>: Sendable {
    typealias Observer = @Sendable (State) -> Void

    private struct Storage {
        var state: State
        var observers: ContiguousArray<Observer> = []
        var ids: [Int] = []
        var nextID = 0
    }

    private let storage: Mutex<Storage>

    init(state: State) {
        storage = Mutex(Storage(state: state))
    }

    var state: State {
        storage.withLock { $0.state }
    }

    /// Applies `mutation` under the lock, then calls the observers with the new state, outside it.
    func dispatch(_ mutation: (inout State) -> Void) {
        let (state, observers) = storage.withLock { storage in
            mutation(&storage.state)
            return (storage.state, storage.observers)
        }
        for observer in observers {
            observer(state)
        }
    }

    /// The suspending dispatch's floor, for async callers (the async contention workload): the lock
    /// is held only while `mutation` runs, never while observers or other user code run, so a task
    /// that finds it taken waits no longer than one mutation. Waiting for it on the task's thread
    /// is cheaper than suspending, and cannot starve the cooperative pool.
    func dispatchAsync(_ mutation: (inout State) -> Void) async {
        dispatch(mutation)
    }

    func subscribe(_ observer: @escaping Observer) -> Int {
        storage.withLock { storage in
            let id = storage.nextID
            storage.nextID += 1
            storage.observers.append(observer)
            storage.ids.append(id)
            return id
        }
    }

    func unsubscribe(_ id: Int) {
        storage.withLock { storage in
            // Searching from the end makes the usual last-in first-out churn O(1).
            if let index = storage.ids.lastIndex(of: id) {
                storage.ids.remove(at: index)
                storage.observers.remove(at: index)
            }
        }
    }
}
