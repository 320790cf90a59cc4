extension Signal {
    /// A signal whose observers are called in the context of `executor`.
    ///
    /// Values keep their order on every executor, a concurrent queue included: each observation has
    /// its own queue, drained by one block at a time. With ``Executor/mainThread`` a value sent on
    /// the main queue while nothing is waiting for that observer is delivered at once; otherwise it
    /// goes through the main queue, behind the values before it. On the main thread or a dispatch
    /// queue a flood of values never keeps the queue to itself: the observation's queue is
    /// delivered in batches, each scheduled behind the queue's other work.
    ///
    /// Disposing of the observation drops the values still waiting and releases the observer at
    /// once: none is delivered after `dispose()` returns, except one that a delivery on another
    /// thread had already taken when `dispose()` was called. When the source is deallocated, the values
    /// it had sent are still delivered, in order, then the observer is released (so a loop over
    /// ``values`` of the returned signal ends).
    ///
    /// - Parameter executor: Where observers of the returned signal run.
    /// - Returns: A signal over the same source, delivered on `executor`.
    public func observe(on executor: Executor) -> Signal<Value> {
        if case .immediate = executor.kind {
            return self
        }
        let upstream = self
        return .disposingAtOnce { observer in
            let mailbox = Mailbox(executor: executor, observer: observer)
            // The source holds the inlet, whose deinit tells the mailbox that the source is gone;
            // the mailbox then lets the observer go once it has delivered what was queued. The
            // disposable holds the mailbox, which holds nothing of it, so an observer that holds
            // the disposable (a `values` stream, a binding) forms no cycle that outlives the source.
            let inlet = Inlet(mailbox)
            return ExecutorObservation(mailbox: mailbox, upstream: upstream.observe { inlet.send($0) })
        }
    }
}

/// The disposable of an ``Signal/observe(on:)`` observation.
///
/// Every call of ``dispose()`` disposes of the mailbox, then of the upstream observation, not only
/// the first call: both do nothing the second time, and a second call on another thread so returns
/// only once nothing queued can be delivered, instead of returning while the first call is still on
/// its way to the mailbox (``Disposable``: once `dispose()` returns, the observer is not called
/// again). What it keeps once disposed of is small: the mailbox has let go of its observer and its
/// queue, and the upstream observation of its closure.
final class ExecutorObservation<Value: Sendable>: Disposable {
    private let mailbox: Mailbox<Value>
    private let upstream: any Disposable

    init(mailbox: Mailbox<Value>, upstream: any Disposable) {
        self.mailbox = mailbox
        self.upstream = upstream
    }

    var isDisposed: Bool {
        mailbox.isDisposed
    }

    func dispose() {
        // The mailbox first: once it is disposed of, nothing queued is delivered.
        mailbox.dispose()
        upstream.dispose()
    }
}
