import Dispatch
import FlowKernel

/// The queue between a source and an observer that runs on another ``Executor``.
///
/// Values go in in delivery order; at most one drain is scheduled on the executor at a time and it
/// hands them to the observer in that order, so order holds even on a concurrent queue. On the
/// main thread, a value is delivered inline when sent on the main queue while nothing is waiting in
/// this mailbox, and through the main queue otherwise.
///
/// The observer is released as soon as it can no longer be called: on disposal (values still
/// queued are dropped, none is delivered after `dispose()` returns), or once the source has let go
/// of this mailbox's inlet (``sourceEnded()``) and the values queued before are delivered. Nothing
/// else holds it, so a `values` stream over `observe(on:)` finishes when its source goes.
final class Mailbox<Value: Sendable>: Disposable, SourceEndReceiving {
    private struct State {
        /// Taken slots are cleared at once, so a value is never released under the lock (its
        /// deinit is user code).
        var queue: [Value?] = []
        var head = 0
        /// `nil` once disposed of, or once the source is gone and the queue drained.
        var observer: (@Sendable (Value) -> Void)?
        var isScheduled = false
        var isSourceGone = false
        var isDisposed = false
    }

    private let executor: Executor
    private let state: Locked<State>

    init(executor: Executor, observer: @escaping @Sendable (Value) -> Void) {
        self.executor = executor
        state = Locked(State(observer: observer))
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

    /// The source let go of the inlet, so no value will come any more: the observer is released
    /// now if nothing is queued, else by the drain that delivers the last queued value.
    func sourceEnded() {
        let released = state.withLock { state -> (@Sendable (Value) -> Void)? in
            state.isSourceGone = true
            guard !state.isScheduled else { return nil }
            defer { state.observer = nil }
            return state.observer
        }
        _ = released  // released outside the lock: the closure's captures may run user code
    }

    func dispose() {
        let dropped = state.withLock { state in
            state.isDisposed = true
            defer {
                state.queue = []
                state.head = 0
                state.observer = nil
            }
            return (state.queue, state.observer)
        }
        _ = dropped  // released outside the lock
    }

    private func drain() {
        var released: (@Sendable (Value) -> Void)?
        while true {
            let next: (value: Value, observer: @Sendable (Value) -> Void)? = state.withLock { state in
                guard !state.isDisposed, state.head < state.queue.count, let observer = state.observer
                else {
                    state.queue.removeAll(keepingCapacity: !state.isDisposed)
                    state.head = 0
                    state.isScheduled = false
                    if state.isSourceGone {
                        released = state.observer
                        state.observer = nil
                    }
                    return nil
                }
                let value = state.queue[state.head]!
                state.queue[state.head] = nil
                state.head += 1
                return (value, observer)
            }
            guard let next else { break }
            next.observer(next.value)
        }
        _ = released  // the source is gone and everything is delivered: let the observer go
    }
}
