import Dispatch
import FlowKernelShims

/// The serial drainer of one source (a channel, a dispatcher, a store): who applies work now, what
/// waits for it, and who goes next. Lives in the owner's ``Locked`` state; driven by
/// ``Locked/serialize(mayWait:arrive:prepare:perform:)``.
///
/// The protocol, written once for every module:
/// - The first caller takes the turn and applies its own work, then every work item queued during
///   its turn, then passes the turn on. No lock is held while it runs user code.
/// - A caller that finds the turn taken while it runs inside a turn itself (a reentrant call from
///   an observer, a mutation, a reducer, of this source or of any other, on any thread) queues its
///   work and returns at once; the holder applies it before passing the turn on. Such a caller
///   never waits, so no wait can close a cycle: two sources whose observers call into each other
///   from two threads cannot deadlock.
/// - A caller that finds the turn taken while it runs inside no turn (a main thread dispatching now
///   and then, a background loop) waits in line, first come first served; the holder hands the
///   turn to the first in line when its own turn is over. The waiter then applies its own work and
///   what is queued during its turn.
///
/// So a call returns after its own work, the work it causes reentrantly, and the work other threads
/// queued reentrantly during its turn: never another thread's stream, since a thread that
/// dispatches in a loop from outside any turn waits in line behind the others (bounded caller
/// work). And the queue only holds reentrant work, so a producer that outruns the drain waits
/// instead of growing it (bounded queues). Once every call has returned, every work item has been
/// applied: a holder passes the turn on only with an empty queue.
///
/// Whether a thread runs inside a turn is a thread-local count (`fk_delivery_depth`), read only on
/// the contended path and changed once per turn.
@frozen
@usableFromInline package struct Turn<Work> {
    /// Work queued by reentrant callers, applied by the holder before it passes the turn on.
    @usableFromInline var queue = FIFO<Work>()
    /// Callers outside any turn waiting for theirs, first come first served.
    @usableFromInline var waiters = FIFO<TurnWaiter>()
    /// Whether a caller holds the turn (or, for an owner that applies work on an executor, a
    /// drain is scheduled).
    @usableFromInline package var isTaken = false

    /// Creates an idle turn.
    @inlinable
    package init() {}

    /// The number of work items queued, for tests and diagnostics.
    @usableFromInline package var queuedCount: Int { queue.count }

    /// Takes the turn if it is free; for owners that drain on an executor.
    @inlinable
    package mutating func take() -> Bool {
        if isTaken { return false }
        isTaken = true
        return true
    }

    /// Queues `work` for the holder.
    @inlinable
    package mutating func enqueue(_ work: Work) {
        queue.append(work)
    }

    /// The next queued work item; `nil` releases the turn (or hands it to the first waiter, whom
    /// `handOff` receives and the caller must wake after leaving the lock).
    @inlinable @inline(__always)
    package mutating func next(handOff: inout TurnWaiter?) -> Work? {
        // The common case, inline: nothing queued, nobody waiting.
        if queue.isEmpty && waiters.isEmpty {
            isTaken = false
            return nil
        }
        return nextQueued(handOff: &handOff)
    }

    /// ``next(handOff:)`` when something is queued or someone waits.
    @inlinable
    mutating func nextQueued(handOff: inout TurnWaiter?) -> Work? {
        if let work = queue.popFirst() {
            return work
        }
        if let waiter = waiters.popFirst() {
            handOff = waiter
        } else {
            isTaken = false
        }
        return nil
    }

    /// Empties the queue, for an owner that closes; release the result after the lock.
    @usableFromInline package mutating func removeAll() -> [Work] {
        queue.removeAll()
    }

    /// Whether the calling thread runs inside a turn (of any source).
    @inlinable
    package static var isInsideATurn: Bool {
        fk_delivery_depth_get() > 0
    }

    /// Marks the calling thread as running inside a turn until ``leave()``.
    @inlinable
    package static func enter() {
        fk_delivery_depth_add(1)
    }

    /// Ends a mark of ``enter()``.
    @inlinable
    package static func leave() {
        fk_delivery_depth_add(-1)
    }
}

extension Turn: Sendable where Work: Sendable {}

/// A caller waiting for its turn; the holder that hands the turn over signals it.
@usableFromInline package final class TurnWaiter: Sendable {
    @usableFromInline let semaphore = DispatchSemaphore(value: 0)

    /// Creates a waiter whose turn has not come.
    @inlinable
    package init() {}

    /// Blocks until the turn is handed over.
    @inlinable
    package func wait() {
        semaphore.wait()
    }

    /// Hands the turn over; call it after leaving the lock.
    @inlinable
    package func wake() {
        semaphore.signal()
    }
}

/// An owner's locked state that holds a ``Turn``.
@usableFromInline package protocol TurnHolding {
    /// The work items the owner serializes.
    associatedtype Work
    /// The owner's turn.
    var turn: Turn<Work> { get set }
}

/// What a caller does after its arrival, decided under the lock.
@usableFromInline package enum Arrival<Work, Prepared> {
    /// Nothing (the owner refused the work, or it was queued for the holder).
    case done
    /// The caller took the turn; `Prepared` was made in the same critical section.
    case run(Work, Prepared)
    /// The caller waits for the turn, then prepares and applies `Work`.
    case wait(Work, TurnWaiter)
}

extension Locked where Value: TurnHolding {
    /// Applies one work item in turn, as described at ``Turn``: the one drain loop of every module.
    ///
    /// - Parameters:
    ///   - mayWait: Whether a caller outside any turn may wait for the turn. Pass `false` for work
    ///     that must never block its caller (a subscription's replay); it is queued instead.
    ///   - arrive: Under the lock, once: makes the caller's work item (recording what must be
    ///     recorded at arrival), or returns `nil` to do nothing.
    ///   - prepare: Under the lock, as each work item starts: takes what applying it needs, such
    ///     as a snapshot of the observers. Kept alive until after the next lock round-trip.
    ///   - perform: With no lock held: applies a work item. It may call any source, this one
    ///     included (such calls are queued behind it).
    @inlinable @inline(__always)
    package func serialize<Prepared>(
        mayWait: Bool,
        arrive: (inout Value) -> Value.Work?,
        prepare: (inout Value, Value.Work) -> Prepared,
        perform: (Value.Work, inout Prepared) -> Void
    ) {
        let arrival: Arrival<Value.Work, Prepared> = withLock { value in
            guard let work = arrive(&value) else { return .done }
            if !value.turn.isTaken {
                value.turn.isTaken = true
                return .run(work, prepare(&value, work))
            }
            if mayWait && !Turn<Value.Work>.isInsideATurn {
                let waiter = TurnWaiter()
                value.turn.waiters.append(waiter)
                return .wait(work, waiter)
            }
            value.turn.enqueue(work)
            return .done
        }
        // One call of `run`, so that inlining it (and the closures into it) copies it once. The
        // work and what was prepared for it are handed over in place (inout), never copied:
        // `prepared` may hold the only reference to state moved out for in-place mutation.
        var work: Value.Work
        var prepared: Prepared
        switch consume arrival {
        case .done:
            return
        case .run(let taken, let madeReady):
            work = taken
            prepared = madeReady
        case .wait(let queued, let waiter):
            waiter.wait()
            work = queued
            prepared = withLock { prepare(&$0, queued) }
        }
        run(&work, &prepared, prepare: prepare, perform: perform)
    }

    /// Applies the queued work of a turn the caller took with ``Turn/take()`` (an owner that
    /// drains on an executor), then passes the turn on.
    @inlinable
    package func drainTakenTurn<Prepared>(
        prepare: (inout Value, Value.Work) -> Prepared,
        perform: (Value.Work, inout Prepared) -> Void
    ) {
        var handOff: TurnWaiter?
        let first: (work: Value.Work, prepared: Prepared)? = withLock { value in
            guard let work = value.turn.next(handOff: &handOff) else { return nil }
            return (work, prepare(&value, work))
        }
        guard var first else {
            handOff?.wake()
            return
        }
        run(&first.work, &first.prepared, prepare: prepare, perform: perform)
    }

    /// The loop of a turn holder: applies `work`, then each queued item, then passes the turn on.
    /// Each item replaces the previous one in place; the caller releases the last one.
    @inlinable @inline(__always)
    func run<Prepared>(
        _ work: inout Value.Work,
        _ prepared: inout Prepared,
        prepare: (inout Value, Value.Work) -> Prepared,
        perform: (Value.Work, inout Prepared) -> Void
    ) {
        Turn<Value.Work>.enter()
        while true {
            perform(work, &prepared)
            var handOff: TurnWaiter?
            let next: (work: Value.Work, prepared: Prepared)? = withLock { value in
                guard let work = value.turn.next(handOff: &handOff) else { return nil }
                return (work, prepare(&value, work))
            }
            // Assigned only now, after the lock: the previous `prepared` (a snapshot read in
            // place) is released after this round-trip, and outside it.
            guard let next else {
                Turn<Value.Work>.leave()
                handOff?.wake()
                return
            }
            (work, prepared) = next
        }
    }
}
