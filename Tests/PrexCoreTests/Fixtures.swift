import Dispatch
import FlowKernel
import Foundation
import PrexCore
import TestSupport

// Shared fixtures of the Swift Testing suites. The README's own types live in ReadmeXCTests.swift.

/// A value behind an `NSLock`, for test fixtures written to from several threads.
///
/// Not `Synchronization.Mutex`: on Linux the thread sanitizer does not see it and reports the
/// accesses it guards as races. `@unchecked Sendable`: `value` is only touched while `lock` is held.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}

struct TestState: State, Equatable {
    var count = 0
    var title = ""
    var log: [String] = []
}

enum TestAction: Action, Equatable {
    case increment
    case decrement
    case setTitle(String)
    /// Appends its name to `log`, then dispatches `then` from inside the mutation.
    case chain(String, then: [TestAction])
    case noop
}

/// Lets a mutation reach the dispatcher of its own flux, which exists only after the mutation.
/// Weak, since the dispatcher holds the mutation.
final class DispatcherSlot: Sendable {
    private struct Weak {
        weak var dispatcher: Dispatcher<TestAction>?
    }

    private let slot = Locked(Weak())

    func set(_ dispatcher: Dispatcher<TestAction>) {
        slot.withLock { $0.dispatcher = dispatcher }
    }

    func dispatch(_ action: TestAction) {
        let dispatcher = slot.withLock { $0.dispatcher }
        dispatcher?.dispatch(action)
    }
}

struct TestMutation: Mutation {
    /// Where `.chain` dispatches its follow-up actions; unused by the other actions.
    var slot = DispatcherSlot()

    func mutate(action: TestAction, state: inout TestState) {
        switch action {
        case .increment:
            state.count += 1
        case .decrement:
            state.count -= 1
        case .setTitle(let title):
            state.title = title
        case .chain(let name, let then):
            state.count += 1
            state.log.append(name)
            for next in then {
                slot.dispatch(next)
            }
        case .noop:
            break
        }
    }
}

/// A flux whose mutation can dispatch to it.
func makeFlux(_ state: TestState = TestState()) -> Flux<TestAction, TestState> {
    let mutation = TestMutation()
    let flux = Flux(state: state, mutation: mutation)
    mutation.slot.set(flux.dispatcher)
    return flux
}

/// A thread-safe list that callbacks on any thread append to.
final class Log<Element: Sendable>: Sendable {
    private let elements = Locked<[Element]>([])

    func append(_ element: Element) {
        elements.withLock { $0.append(element) }
    }

    var values: [Element] {
        elements.withLock { $0 }
    }
}

/// A view that records what it is sent and can react from inside `reflect`.
final class RecordingView: View {
    var changes: [StateChange<TestState>] = []
    /// Depth of `reflect` calls in progress: a nested call makes it exceed 1.
    var depth = 0
    var maxDepth = 0
    /// Whether each call ran on the main queue, as the queue itself reports it.
    var onMainQueue: [Bool] = []
    var onReflect: ((StateChange<TestState>) -> Void)?

    func reflect(change: StateChange<TestState>) {
        depth += 1
        maxDepth = max(maxDepth, depth)
        changes.append(change)
        onMainQueue.append(isOnMainQueue)
        onReflect?(change)
        depth -= 1
    }

    var counts: [Int] { changes.map(\.new.count) }
}

/// Returns after every block already queued on the main queue has run.
func drainMainQueue() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        DispatchQueue.main.async {
            continuation.resume()
        }
    }
}

/// Runs `body` on a global queue and waits for it, blocking the caller (and so the main queue,
/// when called from it): blocks queued on the main queue meanwhile stay pending.
func onBackgroundThread(_ body: @escaping @Sendable () -> Void) {
    DispatchQueue.global().sync(execute: body)
}
