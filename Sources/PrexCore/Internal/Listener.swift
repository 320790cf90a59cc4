import FlowKernel

/// One registered callback of a dispatcher or a store, as an entry of the kernel's observer list.
@usableFromInline
struct Listener<Argument>: Sendable {
    @usableFromInline let callback: @Sendable (Argument) -> Void
    /// Called once when the listener leaves its list (unregistered or its owner deallocated);
    /// used to finish an `AsyncStream`.
    @usableFromInline let onRemove: (@Sendable () -> Void)?

    @inlinable
    init(callback: @escaping @Sendable (Argument) -> Void, onRemove: (@Sendable () -> Void)?) {
        self.callback = callback
        self.onRemove = onRemove
    }
}

/// The listeners of one dispatcher or store, in registration order; used under the owner's lock.
@usableFromInline
typealias ListenerList<Argument> = ObserverList<Listener<Argument>>

/// Calls every active listener of `snapshot` with `argument`, in registration order.
@inlinable
func notify<Argument>(_ snapshot: ListenerList<Argument>.Snapshot, _ argument: Argument) {
    ListenerList<Argument>.forEachActive(in: snapshot) { $0.callback(argument) }
}
