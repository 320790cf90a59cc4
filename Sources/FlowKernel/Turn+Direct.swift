// The direct path of a turn: a caller inside no turn that finds the turn free applies its work
// without making it a work item (no allocation, no queue), then finishes the turn as any holder.

extension Locked where Value: TurnHolding {
    /// ``serialize(mayWait:arrive:prepare:perform:)`` with `mayWait` true, for a caller whose own
    /// work can be applied without becoming a `Work` item: the same rules, in the same order
    /// (``Turn``), one item fewer to make.
    ///
    /// A caller inside no turn waits for the turn's gate as `serialize` does. Then, under the lock,
    /// if nothing is queued and `take` accepts (returns what applying the work needs, taken in the
    /// same critical section that marks the turn as held), the caller applies its work with
    /// `performTaken`, then whatever was queued meanwhile, and passes the turn on. Otherwise
    /// (work queued before it, or `take` returned `nil`) it goes on as `serialize` would with the
    /// item `work()` makes, in the same critical section.
    ///
    /// A caller inside a turn (a forwarded dispatch: an observer of another source dispatching
    /// here) follows `serialize`'s rules for such a caller: reentrant work of the holder's thread
    /// is queued, work that finds another thread holding the turn is deferred; and when it finds
    /// the turn free with nothing queued, it takes it (nested) and applies its work directly as
    /// above, with no item made.
    ///
    /// - Parameters:
    ///   - take: Under the lock, with the turn free and nothing queued: what `performTaken` needs,
    ///     or `nil` to apply the caller's work as an item instead. Must not change the value when
    ///     it returns `nil`.
    ///   - performTaken: With no lock held, holding the turn: applies the caller's work. What it is
    ///     given is released after the turn's next lock round-trip.
    ///   - work: The caller's work as an item, for every other case; called at most once, under
    ///     the lock.
    ///   - prepare: As in `serialize`, for the items queued behind the caller's work.
    ///   - perform: As in `serialize`.
    /// - Returns: As `serialize`: a ``Deferral`` when the work was deferred.
    @inlinable @inline(__always)
    package func serialize<Taken, Prepared>(
        take: (inout Value) -> Taken?,
        performTaken: (inout Taken) -> Void,
        work: () -> Value.Work,
        prepare: (inout Value, Value.Work) -> Prepared,
        perform: (Value.Work, inout Prepared) -> Void
    ) -> Deferral? {
        guard !Turn<Value.Work>.isInsideATurn else {
            return arriveWithoutWaiting(
                mayDefer: true, take: take, performTaken: performTaken, arrive: { _ in work() },
                prepare: prepare, perform: perform)
        }
        holdGate()
        var resumed: UnsafeContinuation<Void, Never>?
        let arrival: DirectArrival<Taken, Value.Work, Prepared> = withLock { value in
            if _fastPath(value.turn.queue.isEmpty), let taken = take(&value) {
                value.turn.holder = currentThreadIdentity()
                return .direct(taken, stop: value.turn.nextTicket)
            }
            let item = value.arriveHoldingGate(work(), prepare: prepare, gates: self, resumed: &resumed)
            guard let item else { return .done }
            return .item(item.work, item.prepared, stop: item.stop)
        }
        switch consume arrival {
        case .direct(var taken, let stop):
            Turn<Value.Work>.enter()
            performTaken(&taken)
            finishTurn(stop: stop, prepare: prepare, perform: perform)
            withExtendedLifetime(taken) {}
        case .item(var work, var prepared, let stop):
            run(&work, &prepared, stop: stop, prepare: prepare, perform: perform)
        case .done:
            resumed?.resume()
        case .deferred(let deferral):
            return deferral
        }
        return nil
    }
}

/// What a caller does after its arrival, decided under the lock (on the direct path, or with an
/// item alone, where `Taken` is `Never`).
@usableFromInline package enum DirectArrival<Taken, Work, Prepared> {
    /// The turn was free: apply the caller's work directly, then finish the turn.
    case direct(Taken, stop: UInt64)
    /// The caller holds the turn with a work item to apply first (queued work, or its own as an
    /// item).
    case item(Work, Prepared, stop: UInt64)
    /// Nothing to apply: the owner refused the work, the turn was passed on, or the work was queued
    /// for the holder.
    case done
    /// Another thread holds the turn and the caller runs inside a turn: the work is queued, and the
    /// caller applies it after its outermost turn.
    case deferred(Deferral)
}

extension Locked where Value: TurnHolding {
    /// ``serialize(mayWait:arrive:prepare:perform:)`` with `mayWait` false (work that must never
    /// block its caller nor be deferred, such as a subscription's replay), with a direct path: when
    /// the turn is free and nothing is queued, `take` does the caller's work's first part in the
    /// same critical section that marks the turn as held, and `performTaken` the rest with no lock
    /// held; otherwise `arrive` makes the work item, applied or queued for the holder as
    /// `serialize` would, in the same critical section.
    ///
    /// - Parameters:
    ///   - take: Under the lock, with the turn free and nothing queued: what `performTaken` needs,
    ///     or `nil` to make an item with `arrive` instead (then it must not change the value).
    ///   - performTaken: With no lock held, holding the turn: the rest of the caller's work. What
    ///     it is given is released after the turn's next lock round-trip.
    ///   - arrive: Under the lock, in every other case: makes the caller's work item, or returns
    ///     `nil` to do nothing.
    ///   - prepare: As in `serialize`.
    ///   - perform: As in `serialize`.
    @inlinable @inline(__always)
    package func serializeWithoutWaiting<Taken, Prepared>(
        take: (inout Value) -> Taken?,
        performTaken: (inout Taken) -> Void,
        arrive: (inout Value) -> Value.Work?,
        prepare: (inout Value, Value.Work) -> Prepared,
        perform: (Value.Work, inout Prepared) -> Void
    ) {
        // Never deferred: with `mayDefer` false, work that finds another thread's turn is queued
        // for the holder.
        _ = arriveWithoutWaiting(
            mayDefer: false, take: take, performTaken: performTaken, arrive: arrive, prepare: prepare,
            perform: perform)
    }
}
