// The arrival of async callers: a task that finds the turn taken suspends instead of blocking a
// thread of Swift's cooperative pool.

extension Locked where Value: TurnHolding {
    /// ``serialize(mayWait:arrive:prepare:perform:)`` for async callers: a task that finds the turn
    /// taken suspends until the holder passes it on, instead of blocking its thread (a thread of
    /// Swift's cooperative pool), then takes it and applies its work like a caller inside no turn.
    /// Called from inside a turn (synchronous code running an observer cannot await, but a
    /// caller may still be marked), it does what the synchronous call does: queue or defer.
    ///
    /// Returns a ``Deferral`` in that last case only, as ``serialize(mayWait:arrive:prepare:perform:)``
    /// does.
    ///
    /// What its turn forwarded into a source held by another thread (deferred work) it applies
    /// before it returns, as a synchronous caller does, but suspending while it waits for that
    /// source's turn: an async caller never blocks its thread, also for forwarded work.
    ///
    /// The async function itself only suspends and resumes; the work around it is done by
    /// synchronous helpers that are never inlined into it. (Swift 6.3.1 crashes splitting the
    /// coroutine when the whole turn, with RxStateCore's closures, is inlined into it under -O.)
    @inlinable
    package func serializeSuspending<Prepared>(
        arrive: (inout Value) -> Value.Work?,
        prepare: (inout Value, Value.Work) -> Prepared,
        perform: (Value.Work, inout Prepared) -> Void
    ) async -> Deferral? {
        if Turn<Value.Work>.isInsideATurn {
            return serializeInsideATurn(arrive: arrive, prepare: prepare, perform: perform)
        }
        await suspendUntilApplied(arrive: arrive, resuming: nil, prepare: prepare, perform: perform)
        return nil
    }

    /// Applies work that an async caller's turn deferred (the suspending form of
    /// ``resume(_:prepare:perform:)``): called from the `suspending` closure given to
    /// ``Turn/deferUntilOutermostTurnEnds(_:suspending:)``. A task that finds the turn taken
    /// suspends until it is passed on; what its own turn defers is applied the same way. Does
    /// nothing more if a holder applied the work meanwhile.
    @inlinable
    package func resumeSuspending<Prepared>(
        _ deferral: Deferral,
        prepare: (inout Value, Value.Work) -> Prepared,
        perform: (Value.Work, inout Prepared) -> Void
    ) async {
        await suspendUntilApplied(
            arrive: { _ in nil }, resuming: deferral, prepare: prepare, perform: perform)
    }

    /// The loop of an async caller inside no turn: takes the turn (for its own work, or for
    /// `deferral`) or suspends until the holder passes it on, then applies it, then applies what
    /// that turn deferred, suspending for each.
    @inlinable
    func suspendUntilApplied<Prepared>(
        arrive: (inout Value) -> Value.Work?,
        resuming deferral: Deferral?,
        prepare: (inout Value, Value.Work) -> Prepared,
        perform: (Value.Work, inout Prepared) -> Void
    ) async {
        while true {
            // Taken under the lock if free; else this task is registered before the lock is let
            // go, so that the holder's passing the turn on cannot be missed.
            var outcome = SuspendingArrival<Value.Work, Prepared>.busy
            await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
                outcome = takeTurnOrSuspend(
                    continuation, arrive: arrive, resuming: deferral, prepare: prepare)
            }
            let (applied, deferred) = applyCollectingDeferredWork(outcome, prepare: prepare, perform: perform)
            if let deferred {
                await Turn<Value.Work>.applySuspending(deferred)
            }
            if applied {
                return
            }
        }
    }

    /// ``applyIfTaken(_:prepare:perform:)``, returning the work the turn deferred instead of
    /// applying it there (``Turn/enterCollecting()``).
    @inlinable @inline(never)
    func applyCollectingDeferredWork<Prepared>(
        _ outcome: consuming SuspendingArrival<Value.Work, Prepared>,
        prepare: (inout Value, Value.Work) -> Prepared,
        perform: (Value.Work, inout Prepared) -> Void
    ) -> (Bool, [DeferredItem]?) {
        Turn<Value.Work>.enterCollecting()
        let applied = applyIfTaken(outcome, prepare: prepare, perform: perform)
        return (applied, Turn<Value.Work>.leaveCollecting())
    }

    /// ``serializeSuspending(arrive:prepare:perform:)`` called from inside a turn: what the
    /// synchronous call does.
    @inlinable @inline(never)
    func serializeInsideATurn<Prepared>(
        arrive: (inout Value) -> Value.Work?,
        prepare: (inout Value, Value.Work) -> Prepared,
        perform: (Value.Work, inout Prepared) -> Void
    ) -> Deferral? {
        serialize(mayWait: true, arrive: arrive, prepare: prepare, perform: perform)
    }

    /// Under the lock: takes the turn if it is free (arriving and preparing the first item; or,
    /// resuming `deferral`, with the deferred work up to it), else registers `continuation` to be
    /// resumed when the turn is passed on. Resumes `continuation` at once in the first case.
    @inlinable @inline(never)
    func takeTurnOrSuspend<Prepared>(
        _ continuation: UnsafeContinuation<Void, Never>,
        arrive: (inout Value) -> Value.Work?,
        resuming deferral: Deferral?,
        prepare: (inout Value, Value.Work) -> Prepared
    ) -> SuspendingArrival<Value.Work, Prepared> {
        var resumed: UnsafeContinuation<Void, Never>?
        var outcome = SuspendingArrival<Value.Work, Prepared>.busy
        let mustWait: Bool = withLock { value in
            guard value.turn.holder == 0 && tryHoldGate() else {
                value.turn.suspended.append(continuation)
                return true
            }
            let stop: UInt64
            if let deferral {
                stop = deferral.ticket + 1
            } else {
                let own = arrive(&value)
                stop = value.turn.nextTicket
                if let own { value.turn.appendHoldersWork(own) }
            }
            if let taken = value.takeTurn(before: stop, prepare: prepare, gates: self, resumed: &resumed) {
                outcome = .run(taken.work, taken.prepared, stop: taken.stop)
            } else {
                outcome = .done
            }
            return false
        }
        resumed?.resume()
        if !mustWait {
            continuation.resume()
        }
        return outcome
    }

    /// Applies the turn a suspending caller took; returns `false` if it found the turn busy and must
    /// try again.
    @inlinable @inline(never)
    func applyIfTaken<Prepared>(
        _ outcome: consuming SuspendingArrival<Value.Work, Prepared>,
        prepare: (inout Value, Value.Work) -> Prepared,
        perform: (Value.Work, inout Prepared) -> Void
    ) -> Bool {
        switch consume outcome {
        case .busy:
            return false
        case .done:
            return true
        case .run(var work, var prepared, let stop):
            run(&work, &prepared, stop: stop, prepare: prepare, perform: perform)
            return true
        }
    }
}

/// What a suspending caller found: the turn busy (try again once resumed), nothing to do, or the
/// turn taken.
@usableFromInline
enum SuspendingArrival<Work, Prepared> {
    case busy
    case done
    case run(Work, Prepared, stop: UInt64)
}
