// The turn of an owner that applies its work on an executor (a VueFlux store with `.queue`,
// `.mainThread` or a custom context): the drain rule of ExecutorDrain.swift, applied to the turn's
// queue, with each item applied inside the turn.

extension Turn: ExecutorDrained {
    /// ``ExecutorDrain``'s word is the holder: never 0 while a drain is scheduled, running or
    /// handing off, so that a caller on the direct path never takes the turn then.
    @inlinable
    package var drainWord: UInt {
        get { holder }
        set { holder = newValue }
    }

    @inlinable
    package mutating func appendQueued(_ item: Work) {
        appendHoldersWork(item)
    }

    @inlinable
    package mutating func appendLater(_ item: Work) {
        later.append(item)
    }

    @inlinable
    package mutating func popQueued() -> Work? {
        next(before: .max)
    }

    @inlinable
    package mutating func moveLaterBack() {
        moveLaterWorkBack()
    }
}

extension TurnHolding {
    /// The turn, as the queue that ``Locked/enqueueForDrain(_:if:)`` and
    /// ``Locked/drainScheduled(inBatches:continuing:prepare:perform:reschedule:)`` drive.
    @inlinable
    package var drained: Turn<Work> {
        get { turn }
        _modify { yield &turn }
    }
}

extension Locked where Value: TurnHolding {
    /// Applies queued work on the executor, after ``enqueueForDrain(_:if:)`` asked for a drain:
    /// ``drainOnExecutor(inBatches:continuing:prepare:perform:becameIdle:afterBatch:reschedule:)``
    /// (one batch, by the rule of ``ExecutorDrain``, then idle or handed on), with each item
    /// applied inside the turn, and a task suspended for the turn resumed once the drain leaves
    /// it free.
    ///
    /// - Parameters:
    ///   - inBatches: Whether the executor queues its work asynchronously (a dispatch queue, the
    ///     main queue); `false` for a custom context.
    ///   - continuing: Whether `reschedule` scheduled this drain.
    ///   - prepare: Under the lock, as each work item starts: takes what applying it needs.
    ///   - perform: With no lock held: applies a work item.
    ///   - reschedule: Submits this drain again, behind the executor's other work, never from
    ///     inside a custom context's work (see `drainOnExecutor`).
    @inlinable
    package func drainScheduled<Prepared>(
        inBatches: Bool,
        continuing: Bool = false,
        prepare: (inout Value, Value.Work) -> Prepared,
        perform: (Value.Work, inout Prepared) -> Void,
        reschedule: () -> Void
    ) {
        var resumed: UnsafeContinuation<Void, Never>?
        drainOnExecutor(
            inBatches: inBatches,
            continuing: continuing,
            prepare: { value, work -> Prepared? in prepare(&value, work) },
            perform: { work, prepared in
                // Inside the turn for one item at a time: what the item forwarded into a busy
                // source and deferred, this thread applies as it leaves, before the next item, so
                // that a batch never leaves its forwarded work queued for another thread's caller
                // (bounded caller work, docs/threading.md).
                Turn<Value.Work>.enter()
                perform(work, &prepared)
                Turn<Value.Work>.leave()
            },
            becameIdle: { value in resumed = value.turn.suspended.popFirst() },
            afterBatch: {
                resumed?.resume()
                resumed = nil
            },
            reschedule: reschedule
        )
    }
}
