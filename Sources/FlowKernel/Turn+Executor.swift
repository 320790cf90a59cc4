// The turn of an owner that applies its work on an executor (a VueFlux store with `.queue` or
// `.mainThread`): dispatch queues and schedules one drain at a time, and never waits.

extension Locked where Value: TurnHolding {
    /// Queues `work` for an owner that applies its work on an executor; returns whether the caller
    /// must schedule a drain (``drainScheduled(prepare:perform:)``) on the executor. Never waits.
    @inlinable
    package func enqueueForDrain(_ work: Value.Work, if accept: (inout Value) -> Bool) -> Bool {
        withLock { value in
            guard accept(&value) else { return false }
            value.turn.appendHoldersWork(work)
            if value.turn.holder != 0 { return false }
            value.turn.holder = Turn<Value.Work>.scheduledDrain
            return true
        }
    }

    /// Applies the queued work on the executor, after ``enqueueForDrain(_:if:)`` asked for a drain,
    /// then frees the turn.
    @inlinable
    package func drainScheduled<Prepared>(
        prepare: (inout Value, Value.Work) -> Prepared,
        perform: (Value.Work, inout Prepared) -> Void
    ) {
        Turn<Value.Work>.enter()
        var resumed: UnsafeContinuation<Void, Never>?
        while true {
            let next: (work: Value.Work, prepared: Prepared)? = withLock { value in
                if let work = value.turn.next(before: .max) {
                    return (work, prepare(&value, work))
                }
                value.turn.holder = 0
                resumed = value.turn.suspended.popFirst()
                return nil
            }
            guard var next else { break }
            perform(next.work, &next.prepared)
        }
        Turn<Value.Work>.leave()
        resumed?.resume()
    }
}
