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
            let subscription = upstream.observe { inlet.send($0) }
            return AnyDisposable {
                // The mailbox first: once it is disposed of, nothing queued is delivered.
                mailbox.dispose()
                subscription.dispose()
            }
        }
    }
}
