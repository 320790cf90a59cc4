import Dispatch
import FlowKernel

/// The queue between a source and an observer that runs on another ``Executor``.
///
/// Values go in in delivery order; at most one drain is scheduled on the executor at a time and it
/// hands them to the observer in that order, so order holds even on a concurrent queue. On the
/// main thread, a value is delivered inline when sent on the main queue while nothing is waiting in
/// this mailbox, and through the main queue otherwise. Disposal
/// empties the queue and stops the drain before its next value: values already queued are never
/// delivered after `dispose()` returns.
final class Mailbox<Value: Sendable>: Disposable {
    private struct State {
        /// Taken slots are cleared at once, so a value is never released under the lock (its
        /// deinit is user code).
        var queue: [Value?] = []
        var head = 0
        var isScheduled = false
        var isDisposed = false
    }

    private let executor: Executor
    private let observer: @Sendable (Value) -> Void
    private let state = Locked(State())

    init(executor: Executor, observer: @escaping @Sendable (Value) -> Void) {
        self.executor = executor
        self.observer = observer
    }

    var isDisposed: Bool {
        state.withLock { $0.isDisposed }
    }

    func send(_ value: Value) {
        let schedule = state.withLock { state in
            guard !state.isDisposed else { return false }
            state.queue.append(value)
            guard !state.isScheduled else { return false }
            state.isScheduled = true
            return true
        }
        guard schedule else { return }
        if case .mainThread = executor.kind {
            // This observation's own queue keeps its order, so the main-thread rule is applied per
            // observation: inline on the main queue when nothing is waiting for this observer,
            // whatever other main-thread work is pending.
            if MainQueue.isCurrent {
                drain()
            } else {
                DispatchQueue.main.async { self.drain() }
            }
        } else {
            executor.execute { self.drain() }
        }
    }

    func dispose() {
        let dropped = state.withLock { state in
            state.isDisposed = true
            defer {
                state.queue = []
                state.head = 0
            }
            return state.queue
        }
        _ = dropped  // released outside the lock
    }

    private func drain() {
        while true {
            let next: Value? = state.withLock { state in
                guard !state.isDisposed, state.head < state.queue.count else {
                    state.queue.removeAll(keepingCapacity: !state.isDisposed)
                    state.head = 0
                    state.isScheduled = false
                    return nil
                }
                let value = state.queue[state.head]
                state.queue[state.head] = nil
                state.head += 1
                return value
            }
            guard let next else { return }
            observer(next)
        }
    }
}
