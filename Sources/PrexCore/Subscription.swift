import Synchronization

/// A registration of a callback with a `Dispatcher` or a `Store`, and the handle that ends it.
///
/// End it explicitly with `Dispatcher.unregister(_:)`, `Store.removeListener(_:)` or `cancel()`,
/// or implicitly: when the last reference to the subscription goes away, it cancels itself. Keep
/// it as long as you want the callback (the registering methods are not `@discardableResult` for
/// that reason). Cancelling takes effect at once: after it returns, no call of the callback
/// starts, although a call already running on another thread finishes. Cancelling twice, or
/// after the owner is gone, does nothing. The subscription holds its owner weakly.
public final class Subscription: Sendable {
    private weak let registry: (any ListenerRegistry)?
    private let id: UInt64
    /// Set by the first `cancel()`, so that later ones (the deinit's, after an explicit cancel)
    /// skip the weak load and the registry's lock.
    private let isCancelled = Atomic<Bool>(false)

    @usableFromInline
    init(registry: any ListenerRegistry, id: UInt64) {
        self.registry = registry
        self.id = id
    }

    /// Removes the callback from its dispatcher or store; safe to call from any thread, any time.
    public func cancel() {
        guard !isCancelled.exchange(true, ordering: .acquiringAndReleasing) else { return }
        registry?.removeListener(id: id)
    }

    /// Whether this subscription was created by `owner`.
    func belongs(to owner: any ListenerRegistry) -> Bool {
        registry === owner
    }

    deinit {
        cancel()
    }
}
