import FlowKernel

// When a store on an executor other than `.immediate` has committed what was dispatched to it:
// a dispatch there only queues the action, so VueFluxCoreTesting's `TestStore` waits for this
// before it checks the state (`send`) or the actions left unasserted (`finish`).

extension StoreCore {
    /// Calls `body` once the store is idle: nothing queued and no drain scheduled or running, so
    /// every action dispatched before this call has been committed (or dropped, the store gone).
    ///
    /// At once when the store commits on `.immediate` (a dispatch there returns after its commit),
    /// is idle already or is closed; otherwise on the thread whose drain leaves it idle, after
    /// that drain, with no lock held. A store that keeps being dispatched to may call it late.
    func whenIdle(_ body: @escaping @Sendable () -> Void) {
        let now =
            isImmediate
            || queue.withLock { queue in
                guard queue.target != nil, queue.turn.isTaken else { return true }
                queue.idleWaiters.append(body)
                idleWaiterCount.add(1)
                return false
            }
        if now {
            body()
        }
    }

    /// After a drain: calls the callbacks waiting for the store to be idle if it is, outside the
    /// lock; leaves them waiting if a drain is still scheduled (the next one calls them).
    ///
    /// A drain that reads a count of zero has passed the turn on under the lock after any
    /// `whenIdle` that saw the turn taken had added its callback (and counted it) under the same
    /// lock, so no callback is left waiting for a drain that already ended.
    func callIdleWaiters() {
        let waiters = queue.withLock { queue -> [@Sendable () -> Void] in
            guard queue.target == nil || !queue.turn.isTaken else { return [] }
            defer { queue.idleWaiters = [] }
            return queue.idleWaiters
        }
        guard !waiters.isEmpty else { return }
        idleWaiterCount.add(-waiters.count)
        for waiter in waiters {
            waiter()
        }
    }
}
