import FlowKernel

/// A registration of a callback with a `Dispatcher` or a `Store`, and the handle that ends it.
///
/// End it explicitly with `Dispatcher.unregister(_:)`, `Store.removeListener(_:)` or `cancel()`,
/// or implicitly: when the last reference to the subscription goes away, it cancels itself. Keep
/// it as long as you want the callback (the registering methods are not `@discardableResult` for
/// that reason). Cancelling takes effect at once: after it returns, no call of the callback
/// starts, although a call already running on another thread finishes. Cancelling twice, or
/// after the owner is gone, does nothing. The subscription holds its owner weakly.
public final class Subscription: Sendable {
    @usableFromInline let token: ObserverToken

    @usableFromInline
    init(token: ObserverToken) {
        self.token = token
    }

    /// Removes the callback from its dispatcher or store; safe to call from any thread, any time.
    public func cancel() {
        token.dispose()
    }

    /// Whether this subscription was created by `owner`.
    func belongs(to owner: any ObserverRemoving) -> Bool {
        token.owner === owner
    }

    deinit {
        cancel()
    }
}
