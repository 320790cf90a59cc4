import FlowKernel
import TestSupport

@testable import ReactiveLite

/// Any object, to own scoped observations and bindings and to check deallocation.
final class Owner: Sendable {}

/// A deterministic executor for tests: work waits in a list until the test runs it, so a test
/// drives asynchronous delivery step by step instead of sleeping.
final class StepExecutor: Sendable {
    private let pending = Locked<[@Sendable () -> Void]>([])

    /// The executor that queues its work here.
    var executor: Executor {
        Executor { work in self.pending.withLock { $0.append(work) } }
    }

    /// How many pieces of work are waiting.
    var pendingCount: Int {
        pending.withLock { $0.count }
    }

    /// Runs the waiting work in order, and the work it submits, until none is left; returns how
    /// many pieces ran.
    @discardableResult
    func runAll() -> Int {
        var ran = 0
        while let work = pending.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) {
            work()
            ran += 1
        }
        return ran
    }
}
