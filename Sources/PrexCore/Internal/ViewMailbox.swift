import Dispatch
import FlowKernel

/// Delivers the state changes of one presenter to its view on the main actor, in order, never
/// nested.
///
/// A change posted on the main queue while nothing is pending and nothing is being delivered is
/// delivered inline, before `post` returns. Any other change waits in `pending` and is delivered by
/// whoever is already delivering (a change posted from inside `reflect`, on any thread) or by one
/// block scheduled on the main queue (a change posted from another thread). So a background change
/// followed by a main-thread change reaches the view in that order.
///
/// Inlinable, as are the presenter's initializers that create it, so that it is compiled for the
/// concrete state where a presenter is created: generic code here looked up type metadata on every
/// change.
@usableFromInline
final class ViewMailbox<State: PrexCore.State>: Sendable {
    /// What the poster must do after leaving the lock.
    @usableFromInline
    enum Step: Sendable {
        case nothing
        case deliver(StateChange<State>)
        case schedule
    }

    @usableFromInline
    struct Box: Sendable {
        @usableFromInline var pending = FIFO<StateChange<State>>()
        /// The main queue is inside `deliver(startingWith:)` for this mailbox.
        @usableFromInline var isDelivering = false
        /// A block that will drain `pending` is on the main queue.
        @usableFromInline var isScheduled = false
        @usableFromInline var isClosed = false

        @inlinable
        init() {}
    }

    /// Calls the view's `reflect(change:)`; captures the view weakly. Main-actor code: called only
    /// on the main queue (see `deliver(startingWith:)`).
    @usableFromInline let reflect: @Sendable (StateChange<State>) -> Void
    @usableFromInline let box = Locked(Box())

    @inlinable
    init(reflect: @escaping @MainActor @Sendable (StateChange<State>) -> Void) {
        self.reflect = MainQueue.assumingIsolation(reflect)
    }

    /// Delivers `change` now if the caller is on the main queue and the mailbox is idle, else
    /// queues it behind the changes already waiting.
    @inlinable
    func post(_ change: StateChange<State>) {
        perform(prepare(change, onMainQueue: MainQueue.isCurrentInLoop))
    }

    /// Decides, under the mailbox lock, how `change` reaches the view. Callers that must order the
    /// decision against something else (as `Presenter.reflect()` does against the store's writes)
    /// call this under their own lock and `perform` after leaving it.
    @inlinable
    func prepare(_ change: StateChange<State>, onMainQueue: Bool) -> Step {
        box.withLock { box in
            if box.isClosed {
                return .nothing
            }
            if onMainQueue && !box.isDelivering && !box.isScheduled && box.pending.isEmpty {
                box.isDelivering = true
                return .deliver(change)
            }
            box.pending.append(change)
            if box.isDelivering || box.isScheduled {
                return .nothing
            }
            box.isScheduled = true
            return .schedule
        }
    }

    /// Carries out a step returned by `prepare`; call it outside every lock.
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

    /// Stops all deliveries, including those already queued; for the presenter's deinit.
    @inlinable
    func close() {
        let dropped = box.withLock { box in
            box.isClosed = true
            let dropped = box.pending
            box.pending = FIFO()
            return dropped
        }
        // Released here, outside the lock: a state may hold objects whose deinit is user code.
        _ = dropped
    }

    @inlinable
    func drainScheduled() {
        let first: StateChange<State>? = box.withLock { box in
            box.isScheduled = false
            if box.isDelivering || box.isClosed {
                return nil
            }
            guard let first = box.pending.popFirst() else { return nil }
            box.isDelivering = true
            return first
        }
        if let first {
            deliver(startingWith: first)
        }
    }

    /// Runs on the main queue with `isDelivering` set; delivers until `pending` is empty.
    @inlinable
    func deliver(startingWith first: StateChange<State>) {
        var next: StateChange<State>? = first
        while let change = next {
            // On the main queue: `prepare` chose inline delivery only there, and `drainScheduled`
            // runs in a main-queue block. That is what `MainQueue.assumingIsolation` relies on.
            assert(MainQueue.isCurrent, "a view reflected off the main queue")
            reflect(change)
            next = box.withLock { box in
                if !box.isClosed, let change = box.pending.popFirst() {
                    return change
                }
                box.isDelivering = false
                return nil
            }
        }
    }
}
