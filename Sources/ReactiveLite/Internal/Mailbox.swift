import Dispatch
import FlowKernel

/// The queue between a source and an observer that runs on another ``Executor``.
///
/// Values go in in delivery order; at most one drain is scheduled on the executor at a time and it
/// hands them to the observer in that order, so order holds even on a concurrent queue. On the
/// main thread, a value is delivered inline when sent on the main queue while nothing is waiting in
/// this mailbox, and through the main queue otherwise.
///
/// On a dispatch queue or the main queue, a drain delivers one bounded batch (FlowKernel's
/// `ExecutorDrain`: at most the values queued when it started, at most `ExecutorDrain.batchLimit`),
/// then schedules the next drain behind the queue's other work if more is queued, so a flood from
/// another thread never keeps the queue (the main queue) to itself. On a custom context a batch is
/// what was queued when it started (for the first drain all of it, with what the draining thread
/// sends again meanwhile, such as an observer setting the observed variable; for one handed on, at
/// most the batch limit); what other threads send meanwhile waits apart for the next drain, which is
/// handed to the context from another thread, never from inside the work it is running (an
/// observer that sends to another mailbox on the same context does call it there:
/// `Executor.init(_:)`). So a thread the context runs a drain on never delivers the values other
/// threads send while it runs. The queue is a ring buffer that frees each slot as it is
/// taken: memory follows what is queued, not how many values went through.
///
/// The observer is released as soon as it can no longer be called: on disposal (values still
/// queued are dropped; none is delivered after `dispose()` returns, except one that a drain on
/// another thread had already taken), or once the source has let go
/// of this mailbox's inlet (``sourceEnded()``) and the values queued before are delivered. Nothing
/// else holds it, so a `values` stream over `observe(on:)` finishes when its source goes.
final class Mailbox<Value: Sendable>: Disposable, SourceEndReceiving {
    private struct State {
        /// Popped slots are cleared at once, so a value is never released under the lock (its
        /// deinit is user code).
        var queue = FIFO<Value>()
        /// `nil` once disposed of, or once the source is gone and the queue drained.
        var observer: (@Sendable (Value) -> Void)?
        /// `ExecutorDrain`'s word: 0 when no drain is scheduled.
        var drain: UInt = 0
        /// On a custom context, the thread running a drain, whose own sends join `queue` for that
        /// drain; 0 when none runs.
        var drainingThread: UInt = 0
        /// On a custom context, what other threads sent while a drain ran, for the next drain
        /// (moved behind `queue` as the drain ends).
        var later = FIFO<Value>()
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
            if state.drainingThread != 0 && state.drainingThread != currentThreadIdentity() {
                state.later.append(value)
                return false
            }
            state.queue.append(value)
            guard state.drain == 0 else { return false }
            state.drain = ExecutorDrain.scheduled
            return true
        }
        guard schedule else { return }
        // This observation's own queue keeps its order, so the main-thread rule is applied per
        // observation: inline on the main queue when nothing is waiting for this observer,
        // whatever other main-thread work is pending.
        executor.executeDrain { self.drain() }
    }

    /// The source let go of the inlet, so no value will come any more: the observer is released
    /// now if nothing is queued, else by the drain that delivers the last queued value.
    func sourceEnded() {
        let released = state.withLock { state -> (@Sendable (Value) -> Void)? in
            state.isSourceGone = true
            guard state.drain == 0 else { return nil }
            defer { state.observer = nil }
            return state.observer
        }
        _ = released  // released outside the lock: the closure's captures may run user code
    }

    func dispose() {
        let dropped = state.withLock { state in
            state.isDisposed = true
            defer { state.observer = nil }
            return (state.queue.removeAll(), state.later.removeAll(), state.observer)
        }
        _ = dropped  // released outside the lock
    }

    /// Delivers one batch, then hands the rest to the next drain (see the type's documentation).
    /// `continuing`: scheduled by the previous drain's hand-off (on a custom context, it then
    /// delivers at most the batch limit).
    private func drain(continuing: Bool = false) {
        let thread = currentThreadIdentity()
        guard state.withLock({ ExecutorDrain.start(&$0.drain, on: thread) }) else { return }
        repeat {
            // What this batch may still deliver, fixed at its first lock: the values queued then,
            // at most the batch limit (on a custom context, all of them unless `continuing`, and
            // what this thread sends meanwhile, which joins the queue). Values other threads send
            // meanwhile wait for the next drain.
            var remaining = -1
            var handsOff = false
            var released: (@Sendable (Value) -> Void)?
            while true {
                let next: (value: Value, observer: @Sendable (Value) -> Void)? = state.withLock { state in
                    if remaining < 0 {
                        let isCustom = !executor.queuesAsynchronously
                        // A custom context's first drain: everything queued now (a context that
                        // holds work until a test runs it delivers it in one go).
                        remaining =
                            isCustom && !continuing
                            ? Int.max : Swift.min(state.queue.count, ExecutorDrain.batchLimit)
                        if isCustom {
                            state.drainingThread = thread
                        }
                    }
                    if remaining > 0, let observer = state.observer, let value = state.queue.popFirst() {
                        remaining -= 1
                        return (value, observer)
                    }
                    state.drainingThread = 0
                    while let value = state.later.popFirst() {
                        state.queue.append(value)
                    }
                    if state.isDisposed || state.queue.isEmpty {
                        state.drain = 0
                        if state.isSourceGone {
                            released = state.observer
                            state.observer = nil
                        }
                    } else {
                        ExecutorDrain.beginHandOff(&state.drain, from: thread)
                        handsOff = true
                    }
                    return nil
                }
                guard let next else { break }
                next.observer(next.value)
            }
            _ = released  // the source is gone and everything is delivered: let the observer go
            guard handsOff else { return }
            // Behind the main queue's other blocks, never inline (or the main queue would deliver
            // the whole flood in one go); a custom context is called from another thread, never
            // from inside the work it is running (`Executor.executeLater`).
            executor.executeLater { self.drain(continuing: true) }
        } while state.withLock({ ExecutorDrain.finishHandOff(&$0.drain, from: thread) })
    }
}
