import FlowKernel
import ReactiveLite

/// A deterministic executor for tests: work waits in a list until the test runs it, so a test drives
/// asynchronous delivery (a signal's `observe(on:)`, a store's commits) step by step instead of
/// sleeping.
public final class StepExecutor: Sendable {
    private let pending = Locked<[@Sendable () -> Void]>([])

    /// Creates an executor with nothing waiting.
    public init() {}

    /// The executor that queues its work here.
    public var executor: Executor {
        Executor { work in self.pending.withLock { $0.append(work) } }
    }

    /// How many pieces of work are waiting.
    public var pendingCount: Int {
        pending.withLock { $0.count }
    }

    /// Runs the waiting work in order, and the work it submits, until none is left; returns how
    /// many pieces ran.
    @discardableResult
    public func runAll() -> Int {
        var ran = 0
        while let work = pending.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) {
            work()
            ran += 1
        }
        return ran
    }
}
