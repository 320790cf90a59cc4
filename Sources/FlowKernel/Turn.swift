import FlowKernelShims

/// The serial drainer of one source (a channel, a dispatcher, a store): who applies work now, who
/// waits for it, what is queued and what is deferred. Lives in the owner's ``Locked`` state (created
/// with `gates: 1`: gate 1 is the turn's); driven by ``Locked/serialize(mayWait:arrive:prepare:perform:)``,
/// the one drain loop of every module. docs/threading.md states each rule with the test that holds
/// it.
///
/// The holder of the turn also holds the turn's gate, an owner-recording lock, for as long as its
/// turn lasts. A caller:
/// - **inside no turn** (a main thread dispatching now and then, a background loop) waits on the
///   gate, so the system knows whom it waits for (and on Apple platforms lends it its priority),
///   then takes the turn and applies its own work, then every work item queued during its turn;
/// - **inside a turn of this source on the same thread** (an observer, a mutation, a reducer calling
///   back) queues its work and returns at once; the holder applies it before passing the turn on,
///   first in first out;
/// - **inside a turn of another source, finding this one free**, takes it (nested) and applies its
///   work at once;
/// - **inside a turn of another source, finding this one held by another thread**, neither waits
///   (a wait from inside a turn could close a cycle) nor hands its work to the holder (the holder
///   would then apply another thread's stream): its work is deferred, and the calling thread applies
///   it itself, waiting for its turn then, right after it leaves its outermost turn and before its
///   outermost call returns.
///
/// So a call returns after its own work and the work it causes: never another thread's stream,
/// whether that stream arrives directly or forwarded through other sources' observers (bounded
/// caller work). Only reentrant work of the holder's own thread is queued (and a subscription's
/// replay, one item), so queues stay bounded. No wait can close a cycle: only threads inside no
/// turn wait. Once every call has returned, every work item has been applied: a holder passes the
/// turn on only with an empty queue, and deferred work is applied before the outermost call
/// returns.
///
/// The gate is the platform's lock, which is not fair: a thread that releases the turn and asks for
/// it again at once may get it before a waiter wakes. That keeps contended callers from paying a
/// sleep and a wake-up each (a convoy); a waiter still gets the turn within a few of the holder's
/// turns (docs/threading.md, measured in docs/benchmarks.md).
@frozen
@usableFromInline package struct Turn<Work> {
    /// Work waiting for a holder, first in first out.
    @usableFromInline var queue = FIFO<Work>()
    /// For each item of `queue`, in the same order: 0 for the holder's work (reentrant work of the
    /// holder's thread, a replay, an executor's work), which whoever holds the turn applies; or the
    /// ticket of deferred work, which the thread that deferred it comes back to apply unless a
    /// holder whose own work arrived later reaches it first.
    @usableFromInline var tickets = FIFO<UInt64>()
    /// How many items of `queue` are the holder's work (ticket 0).
    @usableFromInline var holdersWork = 0
    /// The ticket of the next deferred item; tickets ascend, so a holder recognizes what arrived
    /// after its own work.
    @usableFromInline var nextTicket: UInt64 = 1
    /// The thread that holds the turn (``currentThreadIdentity()``), 0 when the turn is free, or,
    /// for an owner that drains on an executor, the word of ``ExecutorDrain``: never 0 while a
    /// drain is scheduled, running or handing off to the next one.
    @usableFromInline package var holder: UInt = 0
    /// Tasks suspended until the turn is free (``Locked/serializeSuspending(arrive:prepare:perform:)``);
    /// a holder that passes the turn on resumes the first, which then competes for it again.
    @usableFromInline var suspended = FIFO<UnsafeContinuation<Void, Never>>()
    /// For an owner that drains on a custom context: the thread running a drain, whose own work
    /// (what its items dispatch again) goes in ``queue``, behind the drain's items; 0 when none runs
    /// (``Locked/drainScheduled(inBatches:continuing:prepare:perform:reschedule:)``).
    @usableFromInline package var drainingThread: UInt = 0
    /// For an owner that drains on a custom context: what other threads queued while a drain ran
    /// there, first in first out, for the next drain (moved behind ``queue`` as the drain ends).
    @usableFromInline var later = FIFO<Work>()

    /// Creates an idle turn.
    @inlinable
    package init() {}

    /// Whether a caller holds the turn (or an executor's drain is scheduled).
    @inlinable
    package var isTaken: Bool { holder != 0 }

    /// The number of work items queued, for tests and diagnostics.
    @usableFromInline package var queuedCount: Int { queue.count + later.count }

    /// Queues work that whoever holds the turn applies.
    @inlinable
    mutating func appendHoldersWork(_ work: Work) {
        queue.append(work)
        tickets.append(0)
        holdersWork += 1
    }

    /// Queues deferred work and returns its ticket.
    @inlinable
    mutating func appendDeferred(_ work: Work) -> UInt64 {
        let ticket = nextTicket
        nextTicket += 1
        queue.append(work)
        tickets.append(ticket)
        return ticket
    }

    /// The next item for a holder whose obligation covers the tickets below `stop` and the holder's
    /// work: `nil` when nothing is queued, or only deferred work that arrived after the holder's
    /// own (its threads come back for it).
    @inlinable @inline(__always)
    mutating func next(before stop: UInt64) -> Work? {
        guard let ticket = tickets.first else { return nil }
        if ticket == 0 {
            holdersWork -= 1
        } else if ticket >= stop && holdersWork == 0 {
            return nil
        }
        _ = tickets.popFirst()
        return queue.popFirst()
    }

    /// Lets `body` replace each queued work item in place, front to back, keeping the order and
    /// whose work each item is: for a disposal to take its observer out of a subscription (or a
    /// replay) still queued, so that the observer is released at once, not when a holder reaches
    /// the item. Runs under the owner's lock: `body` must not run user code, and what it takes out
    /// is released after the lock.
    @usableFromInline package mutating func updateQueuedWork(_ body: (inout Work) -> Void) {
        queue.updateEach(body)
        later.updateEach(body)
    }

    /// Empties the queue, for an owner that closes; release the result after the lock.
    @usableFromInline package mutating func removeAll() -> [Work] {
        _ = tickets.removeAll()
        holdersWork = 0
        return queue.removeAll() + later.removeAll()
    }

    /// Moves what other threads queued during a drain on a custom context (``later``) behind the
    /// queue, in order, as that drain ends.
    @inlinable
    mutating func moveLaterWorkBack() {
        while let work = later.popFirst() {
            appendHoldersWork(work)
        }
    }

    /// Whether the calling thread runs inside a turn (of any source).
    @inlinable
    package static var isInsideATurn: Bool {
        fk_delivery_depth_get() > 0
    }
}

/// Work that ``Locked/serialize(mayWait:arrive:prepare:perform:)`` deferred: queued in order, to be
/// applied by the calling thread once it leaves its outermost turn (``Locked/resume(_:prepare:perform:)``).
@frozen
@usableFromInline package struct Deferral: Sendable {
    @usableFromInline let ticket: UInt64

    @inlinable
    init(ticket: UInt64) {
        self.ticket = ticket
    }
}

extension Turn: Sendable where Work: Sendable {}

/// An owner's locked state that holds a ``Turn``; on an executor, the turn is the queue its drain
/// applies (Turn+Executor.swift).
@usableFromInline package protocol TurnHolding: ExecutorDrainOwning where Drained == Turn<Work> {
    /// The work items the owner serializes.
    associatedtype Work
    /// The owner's turn.
    var turn: Turn<Work> { get set }
}

extension Locked where Value: TurnHolding {
    /// Applies one work item in turn, as described at ``Turn``.
    ///
    /// Returns a ``Deferral`` when the work was deferred: the caller must then pass, to
    /// ``Turn/deferUntilOutermostTurnEnds(_:)``, a closure that calls ``resume(_:prepare:perform:)``
    /// with it (a closure made only on that path, so that the common path allocates nothing).
    ///
    /// - Parameters:
    ///   - mayWait: Whether a caller inside no turn may wait for the turn (and a caller inside a
    ///     turn defer its work). Pass `false` for a single item that must never block its caller
    ///     (a subscription's replay): it is queued for the holder instead, and never deferred.
    ///   - arrive: Under the lock, once: makes the caller's work item (recording what must be
    ///     recorded at arrival), or returns `nil` to do nothing.
    ///   - prepare: Under the lock, as each work item starts: takes what applying it needs, such
    ///     as a snapshot of the observers. Kept alive until after the next lock round-trip.
    ///   - perform: With no lock held: applies a work item. It may call any source, this one
    ///     included.
    @inlinable @inline(__always)
    package func serialize<Prepared>(
        mayWait: Bool,
        arrive: (inout Value) -> Value.Work?,
        prepare: (inout Value, Value.Work) -> Prepared,
        perform: (Value.Work, inout Prepared) -> Void
    ) -> Deferral? {
        if mayWait && !Turn<Value.Work>.isInsideATurn {
            // Inside no turn: wait for the holder on the gate, then take the turn.
            holdGate()
            var resumed: UnsafeContinuation<Void, Never>?
            let taken: (work: Value.Work, prepared: Prepared, stop: UInt64)? = withLock { value in
                value.arriveHoldingGate(arrive(&value), prepare: prepare, gates: self, resumed: &resumed)
            }
            guard var taken else {
                resumed?.resume()
                return nil
            }
            run(&taken.work, &taken.prepared, stop: taken.stop, prepare: prepare, perform: perform)
            return nil
        }
        return arriveWithoutWaiting(
            mayDefer: mayWait, take: { _ -> Never? in nil }, performTaken: { _ in }, arrive: arrive,
            prepare: prepare, perform: perform)
    }

    /// ``serialize(mayWait:arrive:prepare:perform:)`` for a caller inside a turn, or one that must
    /// not wait; with a direct path for callers that can apply their work without making it an item
    /// (``serialize(take:performTaken:work:prepare:perform:)``).
    ///
    /// Under the lock, in this order:
    /// - the turn free (its gate taken at once): with nothing queued, `take` is asked first (the
    ///   direct path: the caller applies its work nested, with what `take` returned); otherwise the
    ///   caller's item, with the work queued before it first, in order;
    /// - the turn held by the calling thread: the item is queued, first in first out;
    /// - another thread holding the turn (or its gate): with `mayDefer`, from inside a turn, the
    ///   item is deferred; otherwise (a replay) it is queued for the holder.
    ///
    /// `arrive` is called once, unless the direct path is taken; when it returns `nil` nothing
    /// happens (a gate taken for it is let go).
    @inlinable @inline(__always)
    func arriveWithoutWaiting<Taken, Prepared>(
        mayDefer: Bool,
        take: (inout Value) -> Taken?,
        performTaken: (inout Taken) -> Void,
        arrive: (inout Value) -> Value.Work?,
        prepare: (inout Value, Value.Work) -> Prepared,
        perform: (Value.Work, inout Prepared) -> Void
    ) -> Deferral? {
        let me = currentThreadIdentity()
        let isInsideATurn = Turn<Value.Work>.isInsideATurn
        var resumed: UnsafeContinuation<Void, Never>?
        let arrival: DirectArrival<Taken, Value.Work, Prepared> = withLock { value in
            if value.turn.holder == 0 && tryHoldGate() {
                let stop = value.turn.nextTicket
                let queueIsEmpty = value.turn.queue.isEmpty
                if _fastPath(queueIsEmpty), let taken = take(&value) {
                    value.turn.holder = me
                    return .direct(taken, stop: stop)
                }
                guard let work = arrive(&value) else {
                    resumed = value.passTurnOn(gates: self)
                    return .done
                }
                if _fastPath(queueIsEmpty) {
                    value.turn.holder = me
                    return .item(work, prepare(&value, work), stop: stop)
                }
                value.turn.appendHoldersWork(work)
                // Never `nil`: the caller's own work is queued.
                let taken = value.takeTurn(before: stop, prepare: prepare, gates: self, resumed: &resumed)!
                return .item(taken.work, taken.prepared, stop: stop)
            }
            guard let work = arrive(&value) else { return .done }
            if value.turn.holder == me {
                // Reentrant on the holder's thread: first in first out, after the current item.
                value.turn.appendHoldersWork(work)
                return .done
            }
            if mayDefer && isInsideATurn {
                return .deferred(Deferral(ticket: value.turn.appendDeferred(work)))
            }
            // A replay (one item that must neither wait nor be deferred), or work that found the
            // gate taken by a caller that has not marked the turn yet: whoever holds the turn
            // applies it before passing the turn on.
            value.turn.appendHoldersWork(work)
            return .done
        }
        switch consume arrival {
        case .done:
            resumed?.resume()
            return nil
        case .direct(var taken, let stop):
            Turn<Value.Work>.enter()
            performTaken(&taken)
            finishTurn(stop: stop, prepare: prepare, perform: perform)
            withExtendedLifetime(taken) {}
            return nil
        case .item(var work, var prepared, let stop):
            run(&work, &prepared, stop: stop, prepare: prepare, perform: perform)
            return nil
        case .deferred(let deferral):
            return deferral
        }
    }

    /// Applies work that ``serialize(mayWait:arrive:prepare:perform:)`` deferred, as a caller inside
    /// no turn (waiting for the turn if need be), with whatever was queued before it: called from
    /// the closure given to ``Turn/deferUntilOutermostTurnEnds(_:)``. Does nothing more if a holder
    /// applied it meanwhile.
    @inlinable
    package func resume<Prepared>(
        _ deferral: Deferral,
        prepare: (inout Value, Value.Work) -> Prepared,
        perform: (Value.Work, inout Prepared) -> Void
    ) {
        holdGate()
        let stop = deferral.ticket + 1
        var resumed: UnsafeContinuation<Void, Never>?
        let taken = withLock { value in
            value.takeTurn(before: stop, prepare: prepare, gates: self, resumed: &resumed)
        }
        guard var taken else {
            resumed?.resume()
            return
        }
        run(&taken.work, &taken.prepared, stop: stop, prepare: prepare, perform: perform)
    }

    /// The loop of a turn holder: applies `work` (which the caller keeps, and releases after this
    /// returns, so after a lock round-trip), then the rest of the turn (``finishTurn(stop:prepare:perform:)``).
    @inlinable @inline(__always)
    func run<Prepared>(
        _ work: inout Value.Work,
        _ prepared: inout Prepared,
        stop: UInt64,
        prepare: (inout Value, Value.Work) -> Prepared,
        perform: (Value.Work, inout Prepared) -> Void
    ) {
        Turn<Value.Work>.enter()
        perform(work, &prepared)
        finishTurn(stop: stop, prepare: prepare, perform: perform)
    }

    /// The rest of a holder's turn, after its own work: applies each queued item its obligation
    /// covers (``Turn/next(before:)``), then passes the turn on (releasing the gate under the same
    /// lock that frees the turn, so that no caller can find the turn free and its gate held by a
    /// holder on its way out) and leaves the turn the caller entered.
    @inlinable @inline(__always)
    func finishTurn<Prepared>(
        stop: UInt64,
        prepare: (inout Value, Value.Work) -> Prepared,
        perform: (Value.Work, inout Prepared) -> Void
    ) {
        var resumed: UnsafeContinuation<Void, Never>?
        guard var (work, prepared) = nextItem(stop: stop, prepare: prepare, resumed: &resumed) else {
            Turn<Value.Work>.leave()
            resumed?.resume()
            return
        }
        while true {
            perform(work, &prepared)
            guard let next = nextItem(stop: stop, prepare: prepare, resumed: &resumed) else {
                Turn<Value.Work>.leave()
                resumed?.resume()
                return
            }
            // Assigned only now, after the lock: the previous item (its `prepared`, a snapshot
            // read in place) is released after this round-trip, and outside it.
            (work, prepared) = next
        }
    }

    /// Under the lock, for the holder: the next queued item its obligation covers, prepared; or
    /// `nil` once there is none, the turn passed on (`resumed` is then the suspended task to resume
    /// after the lock).
    @inlinable @inline(__always)
    func nextItem<Prepared>(
        stop: UInt64,
        prepare: (inout Value, Value.Work) -> Prepared,
        resumed: inout UnsafeContinuation<Void, Never>?
    ) -> (work: Value.Work, prepared: Prepared)? {
        withLock { value in
            if let work = value.turn.next(before: stop) {
                return (work, prepare(&value, work))
            }
            resumed = value.passTurnOn(gates: self)
            return nil
        }
    }
}
