// The turn of an owner that applies its work on an executor (a VueFlux store with `.queue`,
// `.mainThread` or a custom context): dispatch queues and schedules one drain at a time, and
// queueing never waits (an executor that runs the drain at once runs it, and its waits, on the
// dispatching thread). A drain applies one bounded batch, then hands what is left to the next
// drain on the executor, so that the queue's other work (other main-queue blocks) runs in between,
// however long a flood lasts. On a custom context the first drain also applies what the draining
// thread dispatches again, what other threads dispatch meanwhile waits apart for the next drain
// (so a thread that runs a drain never applies their stream), and the next drain is handed to the
// context from another thread, never from inside its work.

/// The batch rule and the hand-off shared by every drain that runs on an executor: a store's
/// (``Locked/drainScheduled(inBatches:continuing:prepare:perform:reschedule:)``) and ReactiveLite's `observe(on:)`
/// mailbox.
///
/// On an executor that queues its work asynchronously (a dispatch queue, the main queue), a drain
/// applies at most the items that were queued when it started, and at most ``batchLimit`` of
/// them; if more is queued then, it stays scheduled and hands the rest to a new drain on the
/// executor instead of looping. That bounds the executor's time spent in one drain
/// (a main queue flooded from a background thread still runs its other blocks), keeps one drain
/// at a time and first-in-first-out order (the next drain starts where this one stopped), and
/// still applies everything once producers stop.
///
/// The owner keeps one word under its lock for this: 0 when no drain is scheduled,
/// ``scheduled`` while one is scheduled or running, or, while a drain hands off, the identity of
/// the handing thread. The word lets a drain whose executor runs the next drain inline (a custom
/// context that runs work at once) go on with it itself instead of nesting one call per batch.
@usableFromInline package enum ExecutorDrain {
    /// The most items one drain applies before it hands the rest to the next drain.
    ///
    /// Large enough that scheduling a drain (an allocation and an enqueue) is a small part of a
    /// batch of the cheapest commits, small enough that a batch of main-thread observers that
    /// touch the UI stays well under a frame.
    @inlinable
    package static var batchLimit: Int { 128 }

    /// The word of an owner whose drain is scheduled or running.
    @inlinable
    package static var scheduled: UInt { UInt.max }

    /// The word after the executor ran the next drain inline, inside the hand-off: the handing
    /// drain goes on with the next batch itself. Thread identities are addresses, never this.
    @inlinable
    static var ranInline: UInt { UInt.max - 1 }

    /// Called under the owner's lock as a scheduled drain starts, with the calling thread's
    /// identity; returns whether this call drains.
    ///
    /// `false` means the executor runs this drain inline inside the hand-off of a drain on the
    /// same thread: that drain, still on the stack, applies the next batch when the executor
    /// returns (``finishHandOff(_:from:)``), so this call must return at once.
    @inlinable
    package static func start(_ word: inout UInt, on thread: UInt) -> Bool {
        if word == thread {
            word = ranInline
            return false
        }
        word = scheduled
        return true
    }

    /// Called under the owner's lock by a drain that ends its batch with work still queued: the
    /// drain stays scheduled, and the calling thread is about to hand the next drain to the
    /// executor.
    @inlinable
    package static func beginHandOff(_ word: inout UInt, from thread: UInt) {
        word = thread
    }

    /// Called under the owner's lock once the executor has taken the next drain; returns whether
    /// the calling thread must apply the next batch itself (the executor ran the next drain
    /// inline, and that call returned at once).
    ///
    /// Otherwise the next drain is waiting on the executor, or already running on another thread.
    @inlinable
    package static func finishHandOff(_ word: inout UInt, from thread: UInt) -> Bool {
        if word == ranInline {
            word = scheduled
            return true
        }
        if word == thread {
            word = scheduled
        }
        return false
    }
}

extension Locked where Value: TurnHolding {
    /// Queues `work` for an owner that applies its work on an executor; returns whether the caller
    /// must schedule a drain (``drainScheduled(inBatches:continuing:prepare:perform:reschedule:)``) on the executor.
    /// Never waits.
    ///
    /// While a drain runs on a custom context, work that another thread queues waits apart for the
    /// next drain; work that the draining thread queues (what its items dispatch again) joins the
    /// queue, where the first drain applies it before it returns, as on `.immediate`, and a drain
    /// handed on leaves it at the front of the next one.
    @inlinable
    package func enqueueForDrain(_ work: Value.Work, if accept: (inout Value) -> Bool) -> Bool {
        withLock { value in
            guard accept(&value) else { return false }
            if value.turn.drainingThread != 0 && value.turn.drainingThread != currentThreadIdentity() {
                value.turn.later.append(work)
                return false
            }
            value.turn.appendHoldersWork(work)
            if value.turn.holder != 0 { return false }
            value.turn.holder = ExecutorDrain.scheduled
            return true
        }
    }

    /// Applies queued work on the executor, after ``enqueueForDrain(_:if:)`` asked for a drain.
    ///
    /// A drain applies one batch. With `inBatches`: at most the items queued when it started, at
    /// most ``ExecutorDrain/batchLimit`` (the rule at ``ExecutorDrain``). Without (a custom
    /// context): the items queued when it started, all of them for a drain that a dispatch
    /// scheduled (a context that holds work until a test runs it commits everything dispatched
    /// before, in one go) and at most ``ExecutorDrain/batchLimit`` for one that `reschedule` handed
    /// on (`continuing`). The first also applies what the draining thread queues meanwhile (what
    /// its items dispatch again) before it returns, as on `.immediate`; one handed on leaves that
    /// at the front of the next drain. What other threads queue meanwhile waits apart, and goes
    /// behind the queue as the drain ends. Then the drain frees the
    /// turn if nothing is left, or calls `reschedule` to hand the rest to the next drain. So the
    /// thread a context runs a drain on (for a context that runs work at once, the dispatching
    /// thread, which finds the turn free only with nothing queued) applies none of what other
    /// threads queue while it runs: never their stream.
    ///
    /// - Parameters:
    ///   - inBatches: Whether the executor queues its work asynchronously (a dispatch queue, the
    ///     main queue), so that handing the rest to it lets its other work run in between; `false`
    ///     for a custom context, which may run work at once and serialize it with a lock or a
    ///     `sync` call.
    ///   - continuing: Whether `reschedule` scheduled this drain (on a custom context, it then
    ///     applies at most ``ExecutorDrain/batchLimit`` of the items queued when it started).
    ///   - prepare: Under the lock, as each work item starts: takes what applying it needs.
    ///   - perform: With no lock held: applies a work item.
    ///   - reschedule: Submits this drain again, behind the executor's other work (on the main
    ///     queue, through `DispatchQueue.main.async`, never inline). Called with no lock held and
    ///     outside the turn, from inside the work the executor is running: on a custom context it
    ///     must not call the context there (a context that serializes its work would deadlock) but
    ///     from another thread. Should the executor run it inline, that call returns at once and
    ///     this drain applies the next batch itself, so drains never nest.
    @inlinable
    package func drainScheduled<Prepared>(
        inBatches: Bool,
        continuing: Bool = false,
        prepare: (inout Value, Value.Work) -> Prepared,
        perform: (Value.Work, inout Prepared) -> Void,
        reschedule: () -> Void
    ) {
        let thread = currentThreadIdentity()
        guard withLock({ ExecutorDrain.start(&$0.turn.holder, on: thread) }) else { return }
        repeat {
            var resumed: UnsafeContinuation<Void, Never>?
            // What this batch may still apply, fixed at its first lock: the items queued then, at
            // most the batch limit (on a custom context, all of them unless `continuing`, and what
            // this thread queues meanwhile, which joins the queue). Items other threads queue
            // meanwhile wait for the next drain.
            var remaining = -1
            var handsOff = false
            while true {
                let next: (work: Value.Work, prepared: Prepared)? = withLock { value in
                    if remaining < 0 {
                        if inBatches || continuing {
                            remaining = Swift.min(value.turn.queuedCount, ExecutorDrain.batchLimit)
                        } else {
                            remaining = Int.max
                        }
                        if !inBatches {
                            value.turn.drainingThread = thread
                        }
                    }
                    if remaining > 0, let work = value.turn.next(before: .max) {
                        remaining -= 1
                        return (work, prepare(&value, work))
                    }
                    value.turn.drainingThread = 0
                    value.turn.moveLaterWorkBack()
                    if value.turn.queuedCount == 0 {
                        value.turn.holder = 0
                        resumed = value.turn.suspended.popFirst()
                    } else {
                        ExecutorDrain.beginHandOff(&value.turn.holder, from: thread)
                        handsOff = true
                    }
                    return nil
                }
                guard var next else { break }
                // Inside the turn for one item at a time: what the item forwarded into a busy
                // source and deferred, this thread applies as it leaves, before the next item, so
                // that a batch never leaves its forwarded work queued for another thread's caller
                // (bounded caller work, docs/threading.md).
                Turn<Value.Work>.enter()
                perform(next.work, &next.prepared)
                Turn<Value.Work>.leave()
            }
            resumed?.resume()
            guard handsOff else { return }
            reschedule()
        } while withLock({ ExecutorDrain.finishHandOff(&$0.turn.holder, from: thread) })
    }
}
