import Dispatch
import Foundation
import ReactiveLite
import Synchronization

@testable import VueFluxCore

/// Collects values from any thread, in arrival order.
final class Recorder<Value: Sendable>: Sendable {
    // The library's lock, not Synchronization.Mutex: the thread sanitizer cannot see the latter on
    // Linux (see Sources/ReactiveLite/Internal/Lock.swift).
    private let storage = Locked<[Value]>([])

    var values: [Value] { storage.withLock { $0 } }
    var count: Int { storage.withLock { $0.count } }

    func append(_ value: Value) {
        storage.withLock { $0.append(value) }
    }
}

/// What the test stores can be asked to do.
enum TestAction: Sendable {
    /// Adds one to `count`, then journals "<name>:increment".
    case increment
    /// Journals "<name>:<label>".
    case record(String)
    /// Journals "<name>:<label>", runs `body` (which may dispatch), then journals "<name>:<label> done".
    case hook(String, @Sendable () -> Void)
}

/// A state for tests. `Tag` is a phantom type: each test that dispatches globally uses its own tag,
/// so that global dispatch never reaches the stores of tests running in parallel.
final class TestState<Tag>: State {
    typealias Action = TestAction
    typealias Mutations = TestMutations<Tag>

    let name: String
    /// Where the mutations write what they did; may be shared by several stores.
    let journal: Recorder<String>
    let count = Variable(0)
    /// Commits running right now, and how often a commit found another one running.
    let running = Atomic<Int>(0)
    let overlaps = Atomic<Int>(0)

    init(name: String = "s", journal: Recorder<String> = Recorder()) {
        self.name = name
        self.journal = journal
    }

    var overlapCount: Int { overlaps.load(ordering: .acquiring) }
}

struct TestMutations<Tag>: Mutations {
    func commit(action: TestAction, state: TestState<Tag>) {
        if state.running.add(1, ordering: .acquiringAndReleasing).newValue > 1 {
            state.overlaps.add(1, ordering: .relaxed)
        }
        defer { state.running.subtract(1, ordering: .acquiringAndReleasing) }
        switch action {
        case .increment:
            state.count.value += 1
            state.journal.append("\(state.name):increment")
        case .record(let label):
            state.journal.append("\(state.name):\(label)")
        case .hook(let label, let body):
            state.journal.append("\(state.name):\(label)")
            body()
            state.journal.append("\(state.name):\(label) done")
        }
    }
}

/// The tag of stores that never take part in global dispatch.
enum Local {}

typealias LocalStore = Store<TestState<Local>>

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

/// Runs `body` on a background thread; returns whether it finished within `seconds` (a deadlock
/// shows up as `false` instead of a hung test run).
func finishes(within seconds: Double = 30, _ body: @escaping @Sendable () -> Void) -> Bool {
    let done = DispatchSemaphore(value: 0)
    Thread {
        body()
        done.signal()
    }.start()
    return done.wait(timeout: .now() + seconds) == .success
}

/// Waits, without blocking the main actor, until `condition` holds or `seconds` pass; returns
/// whether it held.
@discardableResult
func eventually(
    within seconds: Double = 10,
    _ condition: @Sendable () -> Bool
) async -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while !condition() {
        if Date() > deadline { return false }
        try? await Task.sleep(nanoseconds: 1_000_000)
    }
    return true
}

/// Whether the caller runs on the main queue (asked of the queue, as the library does).
let mainQueueKey: DispatchSpecificKey<UInt8> = {
    let key = DispatchSpecificKey<UInt8>()
    DispatchQueue.main.setSpecific(key: key, value: 7)
    return key
}()

var isOnMainQueue: Bool {
    DispatchQueue.getSpecific(key: mainQueueKey) == 7
}

/// A stand-in for UILabel in the README's view controller.
@MainActor
final class FakeLabel {
    var text: String?
}

/// Whether the registry still has an entry for the state type.
func registryHasEntry<S: State>(for type: S.Type) -> Bool {
    StoreRegistry.shared.hasEntry(for: ObjectIdentifier(type))
}

/// The number of live stores the registry lists for the state type.
func registeredStoreCount<S: State>(for type: S.Type) -> Int {
    StoreRegistry.shared.stores(for: ObjectIdentifier(type)).count
}

/// ``eventually(within:_:)`` for conditions on main-actor state; sleeping lets the main queue run.
@MainActor
@discardableResult
func eventuallyOnMain(
    within seconds: Double = 10,
    _ condition: @MainActor () -> Bool
) async -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while !condition() {
        if Date() > deadline { return false }
        try? await Task.sleep(nanoseconds: 1_000_000)
    }
    return true
}

/// A thread-safe counter.
final class Counter: Sendable {
    private let storage = Atomic<Int>(0)
    var value: Int { storage.load(ordering: .acquiring) }
    func increment() { storage.add(1, ordering: .acquiringAndReleasing) }
}
