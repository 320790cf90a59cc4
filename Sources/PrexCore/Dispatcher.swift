import FlowKernel

/// The entry point of actions: it applies them to its store one at a time, then tells its
/// registered callbacks.
///
/// `dispatch(_:)` may be called from any thread; actions are applied in turn (the kernel's drain
/// protocol, described in docs/threading.md):
/// - On an idle dispatcher, the action is applied on the calling thread before `dispatch` returns.
/// - From inside a mutation, a listener or a view's `reflect(change:)` of this flux, on the thread
///   applying actions, the action is queued and `dispatch` returns at once; it is applied right
///   after the current one, first in first out.
/// - From inside a mutation, a listener or a view of another flux (or any source of this package)
///   while another thread is applying this dispatcher's actions, `dispatch` returns at once and
///   the calling thread applies the action itself, right after it leaves its outermost such call
///   (waiting for its turn then), unless a thread that takes the turn first applies it on its way
///   to its own (the queue is first in, first out: at most the few actions queued just before).
///   So such calls never block, two fluxes calling into each other from two threads cannot
///   deadlock, and no thread applies a stream forwarded by another.
/// - From outside any of those while another thread is applying actions, the caller waits for the
///   other thread's turn to end, on a lock that records its owner (so the system knows whom it waits
///   for), then applies its action on its own thread. So a thread never applies another thread's
///   stream of actions, and a thread that dispatches faster than actions are applied waits instead
///   of growing a queue.
///
/// Once every `dispatch` call on every thread has returned, every action has been applied. No lock
/// is held while a mutation or a callback runs.
///
/// For each action the order is: the mutation, the store's listeners (presenters among them) in
/// registration order, then the dispatcher's callbacks in registration order. Create one with
/// `Flux`; the initializer is not public, as in the original Prex. A dispatcher applies actions to
/// its store for as long as the store exists, with or without its flux; once the store is gone,
/// actions reach only the dispatcher's callbacks, and a dispatcher kept alone does not keep the
/// store alive.
public final class Dispatcher<Action: PrexCore.Action>: Sendable {
    @usableFromInline
    struct Storage: TurnHolding, Sendable {
        @usableFromInline var turn = Turn<Action>()
        @usableFromInline var listeners = ListenerList<Action>()
        /// Applies an action to the store and notifies the store's listeners; set by `Flux`,
        /// removed when the store goes (the store's deinit calls ``detacher``). It holds the
        /// store's storage, not the store object: read under the lock as each action starts, it
        /// keeps that storage alive for that action only. (A weak reference to the store would do
        /// the same, but gives the store a side table, which makes every retain and release of it
        /// take the slow path: about 200 instructions per action.)
        @usableFromInline var apply: (@Sendable (Action) -> Void)?

        @usableFromInline
        init(apply: @escaping @Sendable (Action) -> Void) {
            self.apply = apply
        }
    }

    @usableFromInline let storage: Locked<Storage>
    /// Removes the callback with an id; built here, in inlinable code, for the reason given at
    /// `Store.removal`.
    @usableFromInline let removal: @Sendable (UInt64) -> Void

    @inlinable
    init(apply: @escaping @Sendable (Action) -> Void) {
        let storage = Locked(Storage(apply: apply), gates: 1)
        self.storage = storage
        removal = { id in
            let removed = storage.withLock { $0.listeners.remove(id: id) }
            removed?.callback.onRemove?()
        }
    }

    /// A dispatcher with no store: its actions reach only its registered callbacks. Internal, as
    /// Prex's `Dispatcher()` is, for tests that reach it with `@testable import`; apps get their
    /// dispatcher from `Flux`.
    convenience init() {
        self.init(apply: { _ in })
    }

    /// Applies `action` to the store, now or in turn.
    ///
    /// See the type's documentation for the threading contract. Dispatching from inside a
    /// mutation, a listener or a view's `reflect(change:)` is supported: the action is applied
    /// right after the current one.
    @inlinable
    public func dispatch(_ action: Action) {
        let deferred = storage.serialize(
            mayWait: true,
            arrive: { _ in action },
            prepare: Self.prepare,
            perform: Self.perform
        )
        if let deferred {
            dispatchLater(deferred)
        }
    }

    /// Applies `action` in turn from async code (an effect in a task): the same order and rules as
    /// ``dispatch(_:)``, except that a task that finds another thread applying actions suspends
    /// until that thread's turn is over instead of blocking its thread, one of the few of Swift's
    /// cooperative pool. When it returns, the action has been applied (on the thread the task runs
    /// on), except when it is called on a thread inside a turn (a task started with
    /// `Task.immediate` from a listener or a mutation runs there until it first suspends): it then
    /// does what ``dispatch(_:)`` does there, queueing (or deferring) the action behind the current
    /// one, and returns before it is applied, since waiting there could wait for itself. A
    /// cancelled task's action is applied all the same, as by ``dispatch(_:)``: only an effect's
    /// dispatch drops its action once the effect is cancelled.
    ///
    /// Call it from effects; keep ``dispatch(_:)`` for synchronous code (UI events, callbacks).
    @inlinable
    public func dispatchAsync(_ action: Action) async {
        await dispatchAsync(action, unlessCancelled: false)
    }

    /// ``dispatchAsync(_:)``; with `unlessCancelled`, the action is dropped if the calling task is
    /// cancelled when it reaches the turn (an effect's dispatch: checked under the lock, after any
    /// wait for the turn, so a task cancelled while it waited dispatches nothing).
    @inlinable
    func dispatchAsync(_ action: Action, unlessCancelled: Bool) async {
        let deferred = await storage.serializeSuspending(
            arrive: { _ in unlessCancelled && Task.isCancelled ? nil : action },
            prepare: Self.prepare,
            perform: Self.perform
        )
        if let deferred {
            dispatchLater(deferred)
        }
    }

    /// Takes what applying an action needs, under the lock.
    @inlinable
    static func prepare(_ storage: inout Storage, _ action: Action) -> DispatchTurn<Action> {
        // No snapshot (no retain) when no callback is registered, the common case.
        DispatchTurn(
            apply: storage.apply,
            listeners: storage.listeners.count == 0 ? nil : storage.listeners.entries)
    }

    /// Applies an action to the store, then tells the callbacks; no lock is held.
    @inlinable
    static func perform(_ action: Action, _ turn: inout DispatchTurn<Action>) {
        turn.apply?(action)
        if let listeners = turn.listeners {
            notify(listeners, action)
        }
    }

    /// Applies an action that another thread's turn kept from being applied now (queued in order),
    /// once the calling thread leaves its outermost turn (the kernel's rule for forwarded work,
    /// docs/threading.md).
    @usableFromInline @inline(never)
    func dispatchLater(_ deferral: Deferral) {
        Turn<Action>.deferUntilOutermostTurnEnds(
            { [storage] in storage.resume(deferral, prepare: Self.prepare, perform: Self.perform) },
            suspending: { [storage] in
                await storage.resumeSuspending(deferral, prepare: Self.prepare, perform: Self.perform)
            })
    }

    /// Stops applying actions to the store: called by the store's deinit. The closure that applied
    /// them (and the store's storage it holds) is released after the lock, or after the action in
    /// progress if there is one.
    ///
    /// A closure over the dispatcher's storage, not the dispatcher: the store keeps it without
    /// keeping the dispatcher alive, and without the generic `Action` in its own type.
    @usableFromInline
    var detacher: @Sendable () -> Void {
        { [storage] in
            let apply = storage.withLock { storage in
                let apply = storage.apply
                storage.apply = nil
                return apply
            }
            withExtendedLifetime(apply) {}
        }
    }

    /// Registers `callback` to receive every action after the store has applied it.
    ///
    /// Callbacks run on the thread applying the action (see the type's rules), in registration
    /// order, after the store's
    /// listeners, with no lock held; an action dispatched from a callback is queued. The callback
    /// starts with the next action to be applied. Keep the returned subscription: releasing it
    /// unregisters the callback.
    @inlinable
    public func register(callback: @escaping @Sendable (Action) -> Void) -> Subscription {
        let entry = storage.withLock {
            $0.listeners.add(Listener(callback: callback, onRemove: nil), owner: self)
        }
        return Subscription(token: entry.token)
    }

    /// Unregisters the callback of `subscription`, as in the original Prex.
    ///
    /// Does nothing if the subscription is already cancelled or belongs to another dispatcher; the
    /// second is a misuse, written once to standard error in debug builds (docs/contract.md,
    /// Errors).
    public func unregister(_ subscription: Subscription) {
        if subscription.belongs(to: self) {
            subscription.cancel()
        } else {
            MisuseReporter.shared.report(
                kind: "PrexCore.Dispatcher.unregister",
                "Dispatcher.unregister was given a subscription of another dispatcher or store: it removes nothing."
            )
        }
    }
}

extension Dispatcher: ObserverRemoving {
    @usableFromInline
    package func removeObserver(id: UInt64) {
        removal(id)
    }
}

/// What a dispatcher's turn holder takes out of the lock for one action. A struct generic over
/// the action, like the dispatcher's storage, so that the closure moves out with one retain (a
/// closure put in a tuple, a generic value, is reabstracted at the cost of an allocation per
/// action).
@usableFromInline
struct DispatchTurn<Action> {
    @usableFromInline let apply: (@Sendable (Action) -> Void)?
    @usableFromInline let listeners: ListenerList<Action>.Snapshot?

    @inlinable
    init(apply: (@Sendable (Action) -> Void)?, listeners: ListenerList<Action>.Snapshot?) {
        self.apply = apply
        self.listeners = listeners
    }
}
