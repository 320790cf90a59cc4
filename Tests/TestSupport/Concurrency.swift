import Dispatch
import Foundation

/// Runs `body(index)` on `count` dedicated threads started together, and resumes when all have
/// finished.
///
/// Dedicated threads, not `concurrentPerform` (which uses as many threads as there are cores, two
/// on CI), so "8 threads" really means 8. The caller suspends rather than blocks: Swift Testing
/// runs tests on the cooperative pool, which has one thread per core, and a test blocking one of
/// them for seconds would starve the other tests' tasks.
public func runOnThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let start = DispatchSemaphore(value: 0)
        let remaining = Counter()
        for _ in 0..<count { remaining.increment() }
        for index in 0..<count {
            Thread {
                start.wait()
                body(index)
                if remaining.decrement() == 0 {
                    continuation.resume()
                }
            }.start()
        }
        for _ in 0..<count { start.signal() }
    }
}

/// Runs `body` in a task of its own; returns whether it finished within `seconds`, so that a
/// deadlock shows up as `false` instead of a hung test run. Put blocking work on dedicated threads
/// inside `body` (``runOnThreads(_:_:)``), not on the task itself.
public func finishes(within seconds: Double = 30, _ body: @escaping @Sendable () async -> Void) async -> Bool
{
    let done = Counter()
    Task {
        await body()
        done.increment()
    }
    return await eventually(within: seconds) { done.value == 1 }
}

/// Waits, without blocking, until `condition` holds or `seconds` pass; returns whether it held.
///
/// Only for tests where real threads, a real queue or Swift concurrency are the point. Where the
/// subject takes an `Executor`, drive a step executor (a `StepExecutor` in the module's test
/// support) instead: the test then runs the work when it wants, with no sleep and no timeout.
@discardableResult
public func eventually(within seconds: Double = 30, _ condition: @Sendable () -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while !condition() {
        if Date() > deadline { return false }
        try? await Task.sleep(nanoseconds: 1_000_000)
    }
    return true
}

/// ``eventually(within:_:)`` for conditions on main-actor state; sleeping lets the main queue run.
@MainActor
@discardableResult
public func eventuallyOnMain(within seconds: Double = 30, _ condition: @MainActor () -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while !condition() {
        if Date() > deadline { return false }
        try? await Task.sleep(nanoseconds: 1_000_000)
    }
    return true
}

// snippet: is-on-main-queue
private let mainQueueKey: DispatchSpecificKey<UInt8> = {
    let key = DispatchSpecificKey<UInt8>()
    DispatchQueue.main.setSpecific(key: key, value: 7)
    return key
}()

/// Whether the caller runs on the main queue, asked of the queue as the libraries do (on Linux,
/// under `swift test`, main-queue blocks may run on a thread where `Thread.isMainThread` is false).
public var isOnMainQueue: Bool {
    DispatchQueue.getSpecific(key: mainQueueKey) == 7
}
// snippet-end: is-on-main-queue

/// A point where a thread stops until the test lets it go, telling the test that it got there: a
/// mutation or reducer that holds its store's turn for as long as a test needs it busy.
public final class Gate: Sendable {
    private let arrived = DispatchSemaphore(value: 0)
    private let released = DispatchSemaphore(value: 0)

    /// Creates a closed gate.
    public init() {}

    /// For the thread that must stop (never a thread of the cooperative pool): tells the test it is
    /// here, then waits for ``release()``.
    public func pass() {
        arrived.signal()
        released.wait()
    }

    /// Suspends until a thread is at the gate; the wait runs on a thread of its own, not on the
    /// cooperative pool.
    public func arrival() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            Thread { [arrived] in
                arrived.wait()
                continuation.resume()
            }.start()
        }
    }

    /// Lets the thread at the gate go on.
    public func release() {
        released.signal()
    }
}

/// A custom executor context that serializes its work as one written with a lock or a `sync`
/// call does, and records being called again from inside work it runs: such a context (a
/// non-recursive lock, `queue.sync`) would deadlock there. It runs the work anyway, so that a
/// test fails by name instead of hanging.
public final class SerializingContext: Sendable {
    private let running = Shared(false)
    private let reentries = Shared(0)

    /// Creates the context.
    public init() {}

    /// How many times the context was called from inside work it was running.
    public var reentered: Int { reentries.value }

    /// Runs `work` at once, on the calling thread, noting a call made from inside work it runs.
    public func run(_ work: @Sendable () -> Void) {
        let isNested = running.withLock { running in
            defer { running = true }
            return running
        }
        if isNested {
            reentries.withLock { $0 += 1 }
            work()
            return
        }
        work()
        running.value = false
    }
}

/// The stack of a secondary thread on iOS (512 KiB; the main thread has 1 MiB, Linux's threads
/// 8 MiB): what a test of stack use runs on.
public let secondaryThreadStackSize = 512 * 1_024

/// Runs `body` on a dedicated thread with a stack of `stackSize` bytes, and resumes when it has
/// finished; the caller suspends rather than blocks (see ``runOnThreads(_:_:)``).
public func runOnThread(stackSize: Int, _ body: @escaping @Sendable () -> Void) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let thread = Thread {
            body()
            continuation.resume()
        }
        thread.stackSize = stackSize
        thread.start()
    }
}
