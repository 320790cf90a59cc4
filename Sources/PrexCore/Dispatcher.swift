/// The entry point of actions: it applies them to its store one at a time, then tells its
/// registered callbacks.
///
/// `dispatch(_:)` may be called from any thread. Actions are serialized by hand-off: the first
/// caller that finds the dispatcher idle becomes the drainer and applies its action and every
/// action queued meanwhile, first in first out; a caller that finds it busy (another thread, or a
/// mutation, listener or view dispatching from inside the current action) queues its action and
/// returns at once. So dispatch never blocks and never deadlocks; with no contention it is
/// synchronous (the state is updated when it returns); once every `dispatch` call on every thread
/// has returned, every action has been applied. No lock is held while a mutation or a callback
/// runs.
///
/// For each action the order is: the mutation, the store's listeners (presenters among them) in
/// registration order, then the dispatcher's callbacks in registration order. Create one with
/// `Flux`; the initializer is not public, as in the original Prex.
public final class Dispatcher<Action: PrexCore.Action>: Sendable {
    @usableFromInline
    struct Storage {
        @usableFromInline var queue = FIFO<Action>()
        @usableFromInline var isDispatching = false
        @usableFromInline var listeners = ListenerList<Action>()

        @usableFromInline
        init() {}
    }

    @usableFromInline let storage: Lock<Storage>
    /// Applies an action to the store and notifies the store's listeners; set by `Flux`.
    @usableFromInline let apply: @Sendable (Action) -> Void
    /// Removes the callback with an id; built here, in inlinable code, for the reason given at
    /// `Store.removal`.
    @usableFromInline let removal: @Sendable (UInt64) -> Void

    @inlinable
    init(apply: @escaping @Sendable (Action) -> Void) {
        let storage = Lock(Storage())
        self.storage = storage
        self.apply = apply
        removal = { id in
            let removed = storage.withLock { $0.listeners.remove(id: id) }
            removed?.onRemove?()
        }
    }

    /// Applies `action` to the store, now or after the actions queued before it.
    ///
    /// See the type's documentation for the threading contract. Dispatching from inside a
    /// mutation, a listener or a view's `reflect(change:)` is supported: the action is applied
    /// right after the current one.
    @inlinable
    public func dispatch(_ action: Action) {
        let snapshot: ContiguousArray<Listener<Action>>? = storage.withLock { storage in
            if storage.isDispatching {
                storage.queue.append(action)
                return nil
            }
            storage.isDispatching = true
            return storage.listeners.entries
        }
        guard var listeners = snapshot else { return }
        var current = action
        while true {
            apply(current)
            notify(listeners, current)
            let next: (Action, ContiguousArray<Listener<Action>>)? = storage.withLock { storage in
                guard let action = storage.queue.popFirst() else {
                    storage.isDispatching = false
                    return nil
                }
                return (action, storage.listeners.entries)
            }
            guard let next else { return }
            (current, listeners) = next
        }
    }

    /// Registers `callback` to receive every action after the store has applied it.
    ///
    /// Callbacks run on the dispatching thread, in registration order, after the store's
    /// listeners, with no lock held; an action dispatched from a callback is queued. The callback
    /// starts with the next action to be applied. Keep the returned subscription: releasing it
    /// unregisters the callback.
    @inlinable
    public func register(callback: @escaping @Sendable (Action) -> Void) -> Subscription {
        let id = storage.withLock { $0.listeners.add(callback) }
        return Subscription(registry: self, id: id)
    }

    /// Unregisters the callback of `subscription`, as in the original Prex.
    ///
    /// Does nothing if the subscription is already cancelled or belongs to another dispatcher.
    public func unregister(_ subscription: Subscription) {
        if subscription.belongs(to: self) {
            subscription.cancel()
        }
    }
}

extension Dispatcher: ListenerRegistry {
    @usableFromInline
    func removeListener(id: UInt64) {
        removal(id)
    }
}
