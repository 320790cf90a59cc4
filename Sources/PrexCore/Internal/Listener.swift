import Synchronization

/// One registered callback of a dispatcher or a store.
///
/// A class so that a snapshot of the listener list (taken under the owner's lock and called
/// outside it) still sees an unregistration that happens meanwhile: `isActive` is cleared before
/// `unregister` returns, and each call checks it.
@usableFromInline
final class Listener<Argument>: Sendable {
    @usableFromInline let id: UInt64
    @usableFromInline let callback: @Sendable (Argument) -> Void
    /// Called once when the listener leaves its list (unregistered or its owner deallocated);
    /// used to finish an `AsyncStream`.
    @usableFromInline let onRemove: (@Sendable () -> Void)?
    @usableFromInline let isActive = Atomic<Bool>(true)

    @inlinable
    init(id: UInt64, callback: @escaping @Sendable (Argument) -> Void, onRemove: (@Sendable () -> Void)?) {
        self.id = id
        self.callback = callback
        self.onRemove = onRemove
    }

    @inlinable
    func callAsFunction(_ argument: Argument) {
        if isActive.load(ordering: .acquiring) {
            callback(argument)
        }
    }

    @inlinable
    func deactivate() {
        isActive.store(false, ordering: .releasing)
    }
}

/// The listeners of one dispatcher or store, in registration order; always used under the
/// owner's `Lock`.
@usableFromInline
struct ListenerList<Argument> {
    /// Copied out under the lock as the snapshot to notify: a retain, not an allocation, unless a
    /// registration changes the list while a snapshot is alive.
    @usableFromInline var entries: ContiguousArray<Listener<Argument>> = []
    @usableFromInline var nextID: UInt64 = 0

    @usableFromInline
    init() {}

    @inlinable
    mutating func add(
        _ callback: @escaping @Sendable (Argument) -> Void,
        onRemove: (@Sendable () -> Void)? = nil
    ) -> UInt64 {
        nextID += 1
        entries.append(Listener(id: nextID, callback: callback, onRemove: onRemove))
        return nextID
    }

    /// Removes and deactivates the listener with `id`, returning it so that the caller releases it
    /// (and runs its `onRemove`) after leaving the lock.
    @inlinable
    mutating func remove(id: UInt64) -> Listener<Argument>? {
        // The newest listener is the one most often removed (a short-lived subscription).
        if let last = entries.last, last.id == id {
            entries.removeLast()
            last.deactivate()
            return last
        }
        // Ids ascend in registration order, so a binary search finds the entry. (A generic
        // `firstIndex(where:)` here ran unspecialized: two allocations per listener scanned.)
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].id < id {
                low = middle + 1
            } else {
                high = middle
            }
        }
        guard low < entries.count, entries[low].id == id else { return nil }
        let listener = entries.remove(at: low)
        listener.deactivate()
        return listener
    }

    /// Removes every listener, for the owner's deinit.
    @usableFromInline
    mutating func removeAll() -> ContiguousArray<Listener<Argument>> {
        let all = entries
        entries = []
        for listener in all {
            listener.deactivate()
        }
        return all
    }
}

/// Calls every active listener of `snapshot` with `argument`, in registration order.
@inlinable
func notify<Argument>(_ snapshot: ContiguousArray<Listener<Argument>>, _ argument: Argument) {
    for listener in snapshot {
        listener(argument)
    }
}
