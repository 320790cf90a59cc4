import Dispatch
import FlowKernel

/// The holder of the current state, and of the listeners told about each change.
///
/// Only the store's dispatcher changes the state, one action at a time; `state` can be read from
/// any thread at any time and returns the state after the last applied action (a mutation that is
/// running is not visible until it returns). Listeners are called on the thread applying the
/// action (the dispatching thread, bar a forwarded dispatch; see ``Dispatcher``), in
/// registration order, with no lock held, with the change that the action produced. Create one
/// with `Flux`; the initializer is not public, as in the original Prex. The store receives its
/// dispatcher's actions for as long as it exists, with or without its flux. When the store is
/// deallocated it stops receiving them, drops its listeners and finishes the streams returned by
/// `changes`. A flux
/// created with `Flux(mutatingInPlace:mutation:)` changes these terms: see that initializer.
public final class Store<State: PrexCore.State>: Sendable {
    @usableFromInline
    struct Storage: MovesStateOut, Sendable {
        @usableFromInline var state: State
        @usableFromInline var listeners = ListenerList<StateChange<State>>()
        /// Set once, before the flux is shared, by `Flux(mutatingInPlace:mutation:)`: the value
        /// `state` holds while a mutation has the real state moved out (see `Store+InPlace.swift`).
        @usableFromInline var placeholder: State?
        /// Whether `placeholder` is set: the store mutates in place.
        @usableFromInline var mutatesInPlace = false
        /// Whether a mutation has the state moved out right now, and by whom: the kernel's in-place
        /// protocol. Readers on other threads wait on the store's gate, which the mutating thread
        /// holds meanwhile; readers inside a mutation read the placeholder.
        @usableFromInline var movedOut = MovedOut()

        @usableFromInline
        init(state: State) {
            self.state = state
        }
    }

    @usableFromInline let storage: Locked<Storage>
    /// Removes the listener with an id. `removeListener(id:)` is reached through `Subscription`'s
    /// protocol existential, which is never specialized: generic code there looked up the type
    /// metadata of the storage, the list and its elements on every call (about 10,000 instructions
    /// per unsubscription). This closure is built by the inlinable initializer, so it is compiled
    /// for the concrete `State` where the store is created, and that witness only forwards to it.
    @usableFromInline let removal: @Sendable (UInt64) -> Void
    /// Stops the dispatcher applying actions to this store (``Dispatcher/detacher``); called once,
    /// by `deinit`.
    @usableFromInline let detach: @Sendable () -> Void

    /// The storage of a store holding `state`, made before the store so that the dispatcher can
    /// hold it (see `Flux.init(state:mutation:)`).
    @inlinable
    static func makeStorage(state: State) -> Locked<Storage> {
        Locked(Storage(state: state), gates: 1)
    }

    @inlinable
    init(storage: Locked<Storage>, detach: @escaping @Sendable () -> Void) {
        self.storage = storage
        self.detach = detach
        removal = { id in
            let removed = storage.withLock { $0.listeners.remove(id: id) }
            removed?.callback.onRemove?()
        }
    }

    deinit {
        detach()
        let removed = storage.withLock { $0.listeners.removeAll() }
        for listener in removed {
            listener.callback.onRemove?()
        }
    }

    /// The current state: the state after the last action that was applied.
    ///
    /// On a flux created with `Flux(mutatingInPlace:mutation:)`, a read on another thread while a
    /// mutation runs waits for it to return; a read from inside a mutation gets the flux's initial
    /// state (see that initializer).
    public var state: State {
        read { $0.state }
    }

    /// Registers `callback` to receive every later change of the state.
    ///
    /// The callback runs on the dispatching thread, right after the action's mutation, in
    /// registration order, with no lock held; it does not receive the current state (read `state`,
    /// or use `changes` which starts with it). Keep the returned subscription: releasing it removes
    /// the listener.
    @inlinable
    public func addListener(callback: @escaping @Sendable (StateChange<State>) -> Void) -> Subscription {
        let entry = storage.withLock {
            $0.listeners.add(Listener(callback: callback, onRemove: nil), owner: self)
        }
        return Subscription(token: entry.token)
    }

    /// Removes the listener of `subscription`.
    ///
    /// Does nothing if the subscription is already cancelled or belongs to another store; the second
    /// is a misuse, written once to standard error in debug builds (docs/contract.md, Errors).
    public func removeListener(_ subscription: Subscription) {
        if subscription.belongs(to: self) {
            subscription.cancel()
        } else {
            MisuseReporter.shared.report(
                kind: "PrexCore.Store.removeListener",
                "Store.removeListener was given a subscription of another store or dispatcher: it removes nothing."
            )
        }
    }

    /// Returns the state changes as an asynchronous sequence: first the current state (a change
    /// with no old state), then every later change, with no gap and no duplicate.
    ///
    /// The stream holds the store weakly and finishes when the store is deallocated; cancelling the
    /// iterating task, or the stream's end (its last copy and its iterator dropped: leaving a loop
    /// over `store.changes()` itself), removes its listener. A stream also kept elsewhere keeps it,
    /// and buffers, until that copy is dropped, as any `AsyncStream` does. With the default unbounded buffer a
    /// slow consumer sees every change; pass `.bufferingNewest(1)` to see only the latest.
    public func changes(
        bufferingPolicy: AsyncStream<StateChange<State>>.Continuation.BufferingPolicy = .unbounded
    ) -> AsyncStream<StateChange<State>> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: StateChange<State>.self,
            bufferingPolicy: bufferingPolicy
        )
        // Registering and yielding the current state in one critical section is what rules out a
        // gap or a duplicate: a writer publishes the new state and snapshots the listeners under
        // the same lock. Yielding runs no user code, so doing it under the lock is allowed.
        let entry = read { storage in
            continuation.yield(StateChange(new: storage.state, old: nil))
            return storage.listeners.add(
                Listener(
                    callback: { change in continuation.yield(change) },
                    onRemove: { continuation.finish() }
                ),
                owner: self
            )
        }
        let subscription = Subscription(token: entry.token)
        continuation.onTermination = { _ in
            subscription.cancel()
        }
        return stream
    }

    /// Reads the state under the store's lock and runs `body` with it there; `body` must not run
    /// user code. Orders `Presenter.reflect()` against the store's writes.
    ///
    /// Returns `nil` without calling `body` while an in-place mutation has the state moved out and
    /// the caller cannot wait for it (it runs inside that mutation, or inside any in-place mutation
    /// or RxStateCore reducer: the kernel's in-place protocol with the refusing policy); a caller on
    /// another thread waits, as every reader does. That mutation's change reaches the listeners
    /// when it returns, so nothing newer is lost.
    func withCurrentState<Result: Sendable>(_ body: (State) -> Result) -> Result? {
        storage.readInPlace(gate: 1, policy: .refuse) { body($0.state) }
    }

    /// Applies `mutate` to a copy of the state outside the lock, publishes the result and tells the
    /// listeners. Called only by the dispatcher's turn holder, so writes never interleave, and the
    /// state it reads without the lock is the one it (or the previous turn holder) published.
    @inlinable @inline(__always)
    static func apply(to storage: Locked<Storage>, _ mutate: (inout State) -> Void) {
        if storage.withSoleWriterAccess({ $0.pointee.mutatesInPlace }) {
            applyInPlace(to: storage, mutate)
            return
        }
        let old = storage.withSoleWriterAccess { $0.pointee.state }
        var new = old
        mutate(&new)
        let listeners = storage.withLock { storage in
            storage.state = new
            return storage.listeners.entries
        }
        if !listeners.isEmpty {
            // One main-queue check for all the presenters of this store (`ViewMailbox.post`).
            MainQueue.sharingAnswer {
                notify(listeners, StateChange(new: new, old: old))
            }
        }
    }
}

extension Store: ObserverRemoving {
    @usableFromInline
    package func removeObserver(id: UInt64) {
        removal(id)
    }
}
