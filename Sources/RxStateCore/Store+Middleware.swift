import FlowKernel

extension Store {
    /// Registers observe-only middlewares, as RxState does: calls each one's
    /// ``MiddlewareType/observe(currentStateLastAction:)`` with ``currentStateLastAction``, in order.
    ///
    /// The store does not keep the middlewares: each keeps its own subscription (in a
    /// `DisposableScope`). Their observers run after the reducers, in subscription order among all
    /// of the store's observers; each first gets the current pair (replay).
    ///
    /// - Parameter middlewares: The middlewares, subscribed in this order.
    public func register(middlewares: [MiddlewareType]) {
        for middleware in middlewares {
            middleware.observe(currentStateLastAction: currentStateLastAction)
        }
    }

    /// Registers intercepting middlewares, which see each action before the reducers and may
    /// transform, drop or delay it (see ``InterceptingMiddlewareType``).
    ///
    /// They run after the ones registered before, in the order given: the first registered sees each
    /// action first. A registration made while an action is being applied takes effect from the next
    /// stage that looks the interceptors up: an interceptor that registers another one and then
    /// passes the action on has the new one applied to that same action. The store keeps them for its lifetime.
    ///
    /// - Parameter interceptors: The middlewares to append to the chain.
    public func register(interceptors: [InterceptingMiddlewareType]) {
        core.withLock { $0.interceptors.append(contentsOf: interceptors) }
    }
}
