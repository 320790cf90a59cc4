import Dispatch
import FlowKernel

/// Delivers the state changes of one presenter to its view on the main actor, in order, never
/// nested.
///
/// A change posted on the main queue while nothing is pending and nothing is being delivered is
/// delivered inline, before `post` returns. Any other change waits in `pending` and is delivered by
/// whoever is already delivering (a change posted from inside `reflect`, on any thread) or by one
/// block scheduled on the main queue (a change posted from another thread). So a background change
/// followed by a main-thread change reaches the view in that order. A delivery reflects at most
/// `ExecutorDrain.batchLimit` changes, then leaves the rest to a new block behind the main queue's
/// other work, so a flood from another thread never keeps the main queue to itself.
///
/// The state is a word of flags (``MailboxFlags``) changed atomically, so that the common case, an idle
/// mailbox on the main queue delivering one change inline and going idle again, takes no lock:
/// one atomic replace on each side of `reflect`. Everything else (queueing, scheduling, closing)
/// happens under the lock, which guards `pending` and the flags `pending`, `scheduled` and
/// `closed`: only `delivering` changes without the lock, and only from and to an otherwise empty
/// word.
///
/// Inlinable, as are the presenter's initializers that create it, so that it is compiled for the
/// concrete state where a presenter is created: generic code here looked up type metadata on every
/// change.
@usableFromInline
final class ViewMailbox<State: PrexCore.State>: Sendable {
    /// What the poster must do after `prepare`.
    @usableFromInline
    enum Step: Sendable {
        case nothing
        case deliver(StateChange<State>)
        case schedule
    }

    /// Calls the view's `reflect(change:)`; reads the view through a weak reference. Main-actor
    /// code: called only on the main queue (see `deliver(startingWith:)`).
    @usableFromInline let reflect: @Sendable (StateChange<State>) -> Void
    @usableFromInline let flags = AtomicBits()
    @usableFromInline let pending = Locked(FIFO<StateChange<State>>())

    @inlinable
    init(reflect: @escaping @MainActor @Sendable (StateChange<State>) -> Void) {
        self.reflect = MainQueue.assumingIsolation(reflect)
    }

    /// Delivers `change` now if the caller is on the main queue and the mailbox is idle, else
    /// queues it behind the changes already waiting. Called only by the store's notification loop
    /// (which shares one main-queue check among its listeners).
    @inlinable
    func post(_ change: StateChange<State>) {
        perform(prepare(change, onMainQueue: MainQueue.isCurrentInLoop))
    }

    /// Decides what to do with `change`; runs no user code (callable under the store's lock).
    @inlinable
    func prepare(_ change: StateChange<State>, onMainQueue: Bool) -> Step {
        if onMainQueue && flags.replace(0, with: MailboxFlags.delivering) {
            return .deliver(change)
        }
        return pending.withLock { pending in
            // `closed`, `scheduled` and `pending` change only under this lock; `delivering` may
            // go from set to clear meanwhile, but only while `pending` is clear, which we set now.
            if flags.value & MailboxFlags.closed != 0 {
                return .nothing
            }
            pending.append(change)
            while true {
                let current = flags.value
                let isDrained = current & (MailboxFlags.delivering | MailboxFlags.scheduled) != 0
                let next = current | MailboxFlags.pending | (isDrained ? 0 : MailboxFlags.scheduled)
                if flags.replace(current, with: next) {
                    return isDrained ? .nothing : .schedule
                }
            }
        }
    }

    @inlinable
    func perform(_ step: Step) {
        switch step {
        case .nothing:
            return
        case .deliver(let change):
            deliver(startingWith: change)
        case .schedule:
            DispatchQueue.main.async { [self] in
                drainScheduled()
            }
        }
    }

    /// Drops the waiting changes; later ones are dropped on arrival. A delivery in progress stops
    /// after the change it is reflecting.
    @inlinable
    func close() {
        let dropped = pending.withLock { pending in
            flags.set(MailboxFlags.closed)
            let dropped = pending
            pending = FIFO()
            return dropped
        }
        // Released here, outside the lock: a state may hold objects whose deinit is user code.
        _ = dropped
    }

    /// The block scheduled on the main queue: delivers what is pending, unless a delivery is
    /// already under way (it takes the pending changes in turn) or the mailbox is closed.
    @inlinable
    func drainScheduled() {
        let first: StateChange<State>? = pending.withLock { pending in
            // While `scheduled` is set, no one else changes the word: an inline delivery needs an
            // empty word, and every other change takes this lock.
            let current = flags.value
            if current & (MailboxFlags.closed | MailboxFlags.delivering) != 0 {
                flags.clear(MailboxFlags.scheduled)
                return nil
            }
            guard let first = pending.popFirst() else {
                flags.clear(MailboxFlags.scheduled | MailboxFlags.pending)
                return nil
            }
            let isEmpty = pending.isEmpty
            flags.set(MailboxFlags.delivering)
            flags.clear(MailboxFlags.scheduled | (isEmpty ? MailboxFlags.pending : 0))
            return first
        }
        if let first {
            deliver(startingWith: first)
        }
    }

    /// What a delivery does after a change, decided under the lock.
    @usableFromInline
    enum Next {
        /// Reflect this change, queued meanwhile.
        case reflect(StateChange<State>)
        /// Nothing is queued, or the mailbox closed: idle again.
        case idle
        /// The batch is over and changes are queued: a block on the main queue delivers them.
        case handOff
    }

    /// Reflects `first`, then the changes queued meanwhile, in one bounded batch (at most
    /// `ExecutorDrain.batchLimit` changes in all); then goes idle, or, if changes are still queued,
    /// leaves them to a block behind the main queue's other work. So a flood from another thread
    /// never keeps the main queue to itself, and a main-thread `dispatch` that reflects inline
    /// returns after a bounded number of other threads' changes.
    @inlinable
    func deliver(startingWith first: StateChange<State>) {
        // On the main queue: `prepare` chose inline delivery only there, and `drainScheduled`
        // runs in a main-queue block. That is what `MainQueue.assumingIsolation` relies on.
        assert(MainQueue.isCurrent, "a view reflected off the main queue")
        reflect(first)
        // Nothing arrived and nothing closed (the usual case): idle again, without the lock.
        if flags.replace(MailboxFlags.delivering, with: 0) {
            return
        }
        deliverQueued(budget: ExecutorDrain.batchLimit - 1)
    }

    /// The rest of ``deliver(startingWith:)``'s batch, once a change arrived or the mailbox closed
    /// during a `reflect`: reflects at most `budget` queued changes, then goes idle or hands off.
    @inlinable @inline(never)
    func deliverQueued(budget: Int) {
        var budget = budget
        while true {
            let next: Next = pending.withLock { pending in
                if flags.value & MailboxFlags.closed == 0, !pending.isEmpty {
                    if budget == 0 {
                        // `scheduled` before `delivering` goes, so that the word is never empty
                        // while changes wait (an empty word lets a poster on the main queue
                        // deliver inline, ahead of them).
                        flags.set(MailboxFlags.scheduled)
                        flags.clear(MailboxFlags.delivering)
                        return .handOff
                    }
                    if let next = pending.popFirst() {
                        budget &-= 1
                        if pending.isEmpty {
                            flags.clear(MailboxFlags.pending)
                        }
                        return .reflect(next)
                    }
                }
                flags.clear(MailboxFlags.delivering | MailboxFlags.pending)
                return .idle
            }
            switch next {
            case .reflect(let change):
                assert(MainQueue.isCurrent, "a view reflected off the main queue")
                reflect(change)
                if flags.replace(MailboxFlags.delivering, with: 0) {
                    return
                }
            case .idle:
                return
            case .handOff:
                DispatchQueue.main.async { [self] in
                    drainScheduled()
                }
                return
            }
        }
    }
}

/// The flags of a ``ViewMailbox``'s state word.
@usableFromInline
enum MailboxFlags {
    /// The main queue is inside `deliver(startingWith:)` for this mailbox.
    @inlinable static var delivering: Int { 1 }
    /// A block that will drain `pending` is on the main queue.
    @inlinable static var scheduled: Int { 2 }
    /// The presenter is gone: changes are dropped.
    @inlinable static var closed: Int { 4 }
    /// `pending` holds changes. Set only with `delivering` or `scheduled` (or `closed`), so that
    /// whoever clears those looks at `pending` first.
    @inlinable static var pending: Int { 8 }
}
