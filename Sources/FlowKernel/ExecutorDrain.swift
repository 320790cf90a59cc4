// The drain rule of work applied on an executor, written once: a VueFlux store with `.queue`,
// `.mainThread` or a custom context (its ``Turn``, Turn+Executor.swift) and ReactiveLite's
// `observe(on:)` mailbox (a ``DrainQueue``). (PrexCore's view mailbox, which delivers on the main
// queue alone, keeps a word of atomic flags of its own so that an idle view takes no lock; it
// shares the batch limit.) Queueing never waits and schedules one drain at a
// time; a drain applies one bounded batch, then hands what is left to the next drain on the
// executor, so that the executor's other work (other main-queue blocks) runs in between, however
// long a flood lasts. On a custom context the first drain also applies what the draining thread
// queues again, what other threads queue meanwhile waits apart for the next drain (so a thread
// that runs a drain never applies their stream), and the next drain is handed to the context from
// another thread, never from inside its work. docs/threading.md states the rule with its tests.

/// The batch rule and the hand-off shared by every drain that runs on an executor
/// (``Locked/drainOnExecutor(inBatches:continuing:prepare:perform:becameIdle:afterBatch:reschedule:)``).
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
/// ``scheduled`` while one is scheduled and has not started, ``running`` while one runs, while a
/// drain hands off the identity of the handing thread, and ``ranInline`` once the executor has run
/// the next drain inline inside that hand-off. The word lets a drain whose executor runs the next
/// drain inline (a custom context that runs work at once) go on with it itself instead of nesting
/// one call per batch; and it makes a drain that a custom context runs again (or twice at once)
/// harmless: only a call that finds a drain waiting to start (or handed to it) drains, and any
/// other call does nothing, so two drains never overlap and no item is applied twice or lost,
/// whatever the context does. (A late repeat may do the work of a drain scheduled since; the
/// drain it stood in for then does nothing.)
@usableFromInline package enum ExecutorDrain {
    /// The most items one drain applies before it hands the rest to the next drain.
    ///
    /// Large enough that scheduling a drain (an allocation and an enqueue) is a small part of a
    /// batch of the cheapest commits, small enough that a batch of main-thread observers that
    /// touch the UI stays well under a frame.
    @inlinable
    package static var batchLimit: Int { 128 }

    /// The word of an owner whose drain is scheduled and has not started.
    @inlinable
    package static var scheduled: UInt { UInt.max }

    /// The word of an owner whose drain runs. Thread identities are addresses, never this.
    @inlinable
    static var running: UInt { UInt.max - 2 }

    /// The word after the executor ran the next drain inline, inside the hand-off: the handing
    /// drain goes on with the next batch itself. Thread identities are addresses, never this.
    @inlinable
    static var ranInline: UInt { UInt.max - 1 }

    /// Called under the owner's lock as a scheduled drain starts, with the calling thread's
    /// identity; returns whether this call drains.
    ///
    /// It drains when a drain is scheduled and has not started, or when another thread is handing
    /// off to it. `false` means either that the executor runs this drain inline inside the
    /// hand-off of a drain on the same thread (that drain, still on the stack, applies the next
    /// batch when the executor returns, ``finishHandOff(_:from:)``), or that a custom context ran
    /// a drain again, or twice at once, while none was scheduled (another drain runs, or none is
    /// needed): this call must return at once.
    @inlinable
    static func start(_ word: inout UInt, on thread: UInt) -> Bool {
        switch word {
        case thread:
            word = ranInline
            return false
        case 0, running, ranInline:
            return false
        default:
            word = running
            return true
        }
    }

    /// Called under the owner's lock by a drain that ends its batch with work still queued: the
    /// drain stays scheduled, and the calling thread is about to hand the next drain to the
    /// executor.
    @inlinable
    static func beginHandOff(_ word: inout UInt, from thread: UInt) {
        word = thread
    }

    /// Called under the owner's lock once the executor has taken the next drain; returns whether
    /// the calling thread must apply the next batch itself (the executor ran the next drain
    /// inline, and that call returned at once).
    ///
    /// Otherwise the next drain is waiting on the executor, or already running on another thread.
    @inlinable
    static func finishHandOff(_ word: inout UInt, from thread: UInt) -> Bool {
        if word == ranInline {
            word = running
            return true
        }
        if word == thread {
            word = scheduled
        }
        return false
    }
}

/// The queue of an owner that applies its items on an executor, by the rules of
/// ``ExecutorDrain``: the items queued for the next drain, the items other threads queue while a
/// drain runs on a custom context (`later`), and the two words the drain keeps. Implemented by
/// ``Turn`` (a store's) and ``DrainQueue`` (a mailbox's); driven only by
/// ``Locked/enqueueForDrain(_:if:)`` and
/// ``Locked/drainOnExecutor(inBatches:continuing:prepare:perform:becameIdle:afterBatch:reschedule:)``.
@usableFromInline package protocol ExecutorDrained {
    /// The items the owner applies.
    associatedtype Item
    /// ``ExecutorDrain``'s word: 0 when no drain is scheduled.
    var drainWord: UInt { get set }
    /// On a custom context, the thread running a drain, whose own items join the queue for that
    /// drain; 0 when none runs.
    var drainingThread: UInt { get set }
    /// The items queued, `later` included.
    var queuedCount: Int { get }
    /// Queues an item for the next drain, behind the others.
    mutating func appendQueued(_ item: Item)
    /// Sets an item apart for the drain after the running one.
    mutating func appendLater(_ item: Item)
    /// Takes the first queued item (never one set apart), or `nil` when none is queued.
    mutating func popQueued() -> Item?
    /// Moves the items set apart behind the queue, in order.
    mutating func moveLaterBack()
}

/// An owner's locked state whose items are applied on an executor.
@usableFromInline package protocol ExecutorDrainOwning {
    /// The owner's queue.
    associatedtype Drained: ExecutorDrained
    /// The owner's queue, with the drain's words.
    var drained: Drained { get set }
}

/// The queue of an owner with no ``Turn`` (ReactiveLite's `observe(on:)` mailbox): a ring buffer
/// that frees each slot as it is taken, so memory follows what is queued, not how many items went
/// through.
@usableFromInline package struct DrainQueue<Item>: ExecutorDrained {
    @usableFromInline var queue = FIFO<Item>()
    @usableFromInline var later = FIFO<Item>()
    @usableFromInline package var drainWord: UInt = 0
    @usableFromInline package var drainingThread: UInt = 0

    /// Creates an empty queue, with no drain scheduled.
    @inlinable
    package init() {}

    /// Whether a drain is scheduled or running.
    @inlinable
    package var isDrainScheduled: Bool { drainWord != 0 }

    @inlinable
    package var queuedCount: Int { queue.count + later.count }

    @inlinable
    package mutating func appendQueued(_ item: Item) {
        queue.append(item)
    }

    @inlinable
    package mutating func appendLater(_ item: Item) {
        later.append(item)
    }

    @inlinable
    package mutating func popQueued() -> Item? {
        queue.popFirst()
    }

    @inlinable
    package mutating func moveLaterBack() {
        while let item = later.popFirst() {
            queue.append(item)
        }
    }

    /// Empties the queue, for an owner that closes; release the result after the lock (an item's
    /// deinit may be user code).
    @inlinable
    package mutating func removeAll() -> [Item] {
        queue.removeAll() + later.removeAll()
    }
}

extension DrainQueue: Sendable where Item: Sendable {}

extension Locked where Value: ExecutorDrainOwning {
    /// Queues `item` for the owner's drain on its executor, if `accept` (under the lock) agrees;
    /// returns whether the caller must now schedule a drain
    /// (``drainOnExecutor(inBatches:continuing:prepare:perform:becameIdle:afterBatch:reschedule:)``)
    /// on the executor. Never waits.
    ///
    /// While a drain runs on a custom context, an item that another thread queues waits apart for
    /// the next drain; one that the draining thread queues (what its items send or dispatch again)
    /// joins the queue, where the first drain applies it before it returns, as on `.immediate`,
    /// and a drain handed on leaves it at the front of the next one.
    @inlinable
    package func enqueueForDrain(
        _ item: Value.Drained.Item, if accept: (inout Value) -> Bool
    ) -> Bool {
        withLock { value in
            guard accept(&value) else { return false }
            let draining = value.drained.drainingThread
            if draining != 0 && draining != currentThreadIdentity() {
                value.drained.appendLater(item)
                return false
            }
            value.drained.appendQueued(item)
            if value.drained.drainWord != 0 { return false }
            value.drained.drainWord = ExecutorDrain.scheduled
            return true
        }
    }

    /// Applies queued items on the executor, after ``enqueueForDrain(_:if:)`` asked for a drain.
    ///
    /// A drain applies one batch. With `inBatches`: at most the items queued when it started, at
    /// most ``ExecutorDrain/batchLimit`` (the rule at ``ExecutorDrain``). Without (a custom
    /// context): the items queued when it started, all of them for a drain that a dispatch
    /// scheduled (a context that holds work until a test runs it applies everything queued
    /// before, in one go) and at most ``ExecutorDrain/batchLimit`` for one that `reschedule` handed
    /// on (`continuing`). The first also applies what the draining thread queues meanwhile (what
    /// its items dispatch again) before it returns, as on `.immediate`; one handed on leaves that
    /// at the front of the next drain. What other threads queue meanwhile waits apart, and goes
    /// behind the queue as the drain ends. Then the drain goes idle if nothing is left
    /// (`becameIdle`), or calls `reschedule` to hand the rest to the next drain. So the thread a
    /// context runs a drain on (for a context that runs work at once, the queueing thread, which
    /// finds no drain scheduled only with nothing queued) applies none of what other threads queue
    /// while it runs: never their stream.
    ///
    /// - Parameters:
    ///   - inBatches: Whether the executor queues its work asynchronously (a dispatch queue, the
    ///     main queue), so that handing the rest to it lets its other work run in between; `false`
    ///     for a custom context, which may run work at once and serialize it with a lock or a
    ///     `sync` call.
    ///   - continuing: Whether `reschedule` scheduled this drain (on a custom context, it then
    ///     applies at most ``ExecutorDrain/batchLimit`` of the items queued when it started).
    ///   - prepare: Under the lock, as each item is taken: what applying it needs, or `nil` to drop
    ///     it (it is released after the lock, not applied).
    ///   - perform: With no lock held: applies an item.
    ///   - becameIdle: Under the lock, when a batch ends with nothing queued and the drain is no
    ///     longer scheduled: what the owner does then (what it takes out, it releases in
    ///     `afterBatch`).
    ///   - afterBatch: With no lock held, after each batch, before any hand-off.
    ///   - reschedule: Submits this drain again, behind the executor's other work (on the main
    ///     queue, through `DispatchQueue.main.async`, never inline). Called with no lock held,
    ///     from inside the work the executor is running: on a custom context it must not call the
    ///     context there (a context that serializes its work would deadlock) but from another
    ///     thread. Should the executor run it inline, that call returns at once and this drain
    ///     applies the next batch itself, so drains never nest.
    @inlinable
    package func drainOnExecutor<Prepared>(
        inBatches: Bool,
        continuing: Bool,
        prepare: (inout Value, Value.Drained.Item) -> Prepared?,
        perform: (Value.Drained.Item, inout Prepared) -> Void,
        becameIdle: (inout Value) -> Void,
        afterBatch: () -> Void,
        reschedule: () -> Void
    ) {
        let thread = currentThreadIdentity()
        guard withLock({ ExecutorDrain.start(&$0.drained.drainWord, on: thread) }) else { return }
        repeat {
            // What this batch may still apply, fixed at its first lock: the items queued then, at
            // most the batch limit (on a custom context, all of them unless `continuing`, and what
            // this thread queues meanwhile, which joins the queue). Items other threads queue
            // meanwhile wait for the next drain.
            var remaining = -1
            var handsOff = false
            while true {
                let next: (item: Value.Drained.Item, prepared: Prepared?)? = withLock { value in
                    if remaining < 0 {
                        remaining =
                            inBatches || continuing
                            ? Swift.min(value.drained.queuedCount, ExecutorDrain.batchLimit) : Int.max
                        if !inBatches {
                            value.drained.drainingThread = thread
                        }
                    }
                    if remaining > 0, let item = value.drained.popQueued() {
                        remaining -= 1
                        return (item, prepare(&value, item))
                    }
                    value.drained.drainingThread = 0
                    value.drained.moveLaterBack()
                    if value.drained.queuedCount == 0 {
                        value.drained.drainWord = 0
                        becameIdle(&value)
                    } else {
                        ExecutorDrain.beginHandOff(&value.drained.drainWord, from: thread)
                        handsOff = true
                    }
                    return nil
                }
                guard let next else { break }
                if var prepared = next.prepared {
                    perform(next.item, &prepared)
                }
            }
            afterBatch()
            guard handsOff else { return }
            reschedule()
        } while withLock({ ExecutorDrain.finishHandOff(&$0.drained.drainWord, from: thread) })
    }
}
