extension Signal {
    /// A signal whose observers are called in the context of `executor`.
    ///
    /// Values keep their order on every executor, a concurrent queue included: each observation has
    /// its own queue, drained by one block at a time. With ``Executor/mainThread`` a value sent on
    /// the main queue while nothing is waiting for that observer is delivered at once; otherwise it
    /// goes through the main queue, behind the values before it. Disposing of the observation drops
    /// the values still waiting: none is delivered after `dispose()` returns.
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
            let subscription = upstream.observe { mailbox.send($0) }
            return AnyDisposable {
                subscription.dispose()
                mailbox.dispose()
            }
        }
    }
}
