import Dispatch
import FlowKernel

/// The queue between a source and an observer that runs on another ``Executor``.
///
/// Values go in in delivery order; at most one drain is scheduled on the executor at a time and it
/// hands them to the observer in that order, so order holds even on a concurrent queue. On the
/// main thread, a value is delivered inline when sent on the main queue while nothing is waiting in
/// this mailbox, and through the main queue otherwise.
///
/// The drain is FlowKernel's (`drainOnExecutor`, the rule of `ExecutorDrain`, shared with
/// VueFluxCore's stores). On a dispatch queue or the main queue, a drain delivers one bounded batch
/// (at most the values queued when it started, at most `ExecutorDrain.batchLimit`),
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
    private struct State: ExecutorDrainOwning {
        /// The values to deliver and the drain's words. Popped slots are cleared at once, so a
        /// value is never released under the lock (its deinit is user code).
        var drained = DrainQueue<Value>()
        /// `nil` once disposed of, or once the source is gone and the queue drained.
        var observer: (@Sendable (Value) -> Void)?
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
        guard state.enqueueForDrain(value, if: { !$0.isDisposed }) else { return }
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
            guard !state.drained.isDrainScheduled else { return nil }
            defer { state.observer = nil }
            return state.observer
        }
        _ = released  // released outside the lock: the closure's captures may run user code
    }

    func dispose() {
        let dropped = state.withLock { state in
            state.isDisposed = true
            defer { state.observer = nil }
            return (state.drained.removeAll(), state.observer)
        }
        _ = dropped  // released outside the lock
    }

    /// Delivers one batch, then hands the rest to the next drain (see the type's documentation).
    /// `continuing`: scheduled by the previous drain's hand-off (on a custom context, it then
    /// delivers at most the batch limit).
    private func drain(continuing: Bool = false) {
        var released: (@Sendable (Value) -> Void)?
        state.drainOnExecutor(
            inBatches: executor.queuesAsynchronously,
            continuing: continuing,
            prepare: { state, _ in state.observer },
            perform: { value, observer in observer(value) },
            becameIdle: { state in
                if state.isSourceGone {
                    released = state.observer
                    state.observer = nil
                }
            },
            // The source is gone and everything is delivered: let the observer go.
            afterBatch: {
                if released != nil {
                    released = nil
                }
            },
            // Behind the main queue's other blocks, never inline (or the main queue would deliver
            // the whole flood in one go); a custom context is called from another thread, never
            // from inside the work it is running (`Executor.executeLater`).
            reschedule: { executor.executeLater { self.drain(continuing: true) } }
        )
    }
}
