import Dispatch
import Foundation
import Synchronization

@testable import ReactiveLite

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

    /// An observer closure that records into this recorder.
    var observer: @Sendable (Value) -> Void {
        { self.append($0) }
    }
}

/// A thread-safe counter.
final class Counter: Sendable {
    private let storage = Atomic<Int>(0)
    var value: Int { storage.load(ordering: .acquiring) }
    func increment() { storage.add(1, ordering: .acquiringAndReleasing) }
}

/// Any object, to own scoped observations and bindings and to check deallocation.
final class Owner: @unchecked Sendable {
    // @unchecked: no stored state; the type is a bare identity for lifetime tests.
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

/// Waits, without blocking the main actor, until `condition` holds or `seconds` pass; returns
/// whether it held.
@discardableResult
func eventually(
    within seconds: Double = 5,
    _ condition: @Sendable () -> Bool
) async -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while !condition() {
        if Date() > deadline { return false }
        try? await Task.sleep(nanoseconds: 1_000_000)
    }
    return true
}

/// Whether the caller runs on the main queue (tests need to ask the queue, as the library does).
let mainQueueKey: DispatchSpecificKey<UInt8> = {
    let key = DispatchSpecificKey<UInt8>()
    DispatchQueue.main.setSpecific(key: key, value: 7)
    return key
}()

var isOnMainQueue: Bool {
    DispatchQueue.getSpecific(key: mainQueueKey) == 7
}
