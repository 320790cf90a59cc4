import FlowKernel

extension Store {
    /// The observe-only middlewares registered with ``register(middlewares:)``, in registration
    /// order, as RxState's `store.middlewares`.
    ///
    /// Read-only: a middleware stays registered, and kept alive, for the store's lifetime; to stop
    /// one, dispose of its own subscription (for example its `DisposableScope`).
    public var middlewares: [any MiddlewareType] {
        registeredMiddlewares.withLock { $0 }
    }

    /// Registers observe-only middlewares, as RxState does: keeps them for the store's lifetime
    /// (``middlewares``), then calls each one's ``MiddlewareType/observe(currentStateLastAction:)``
    /// with ``currentStateLastAction``, in order.
    ///
    /// So `store.register(middlewares: [LoggingMiddleware()])` logs for as long as the store lives,
    /// with no other reference to the middleware. Their observers run after the reducers, in
    /// subscription order among all of the store's observers; each first gets the current pair
    /// (replay). The store releases the middlewares when it is deinitialized.
    ///
    /// - Parameter middlewares: The middlewares, subscribed in this order.
    public func register(middlewares: [any MiddlewareType]) {
        registeredMiddlewares.withLock { $0.append(contentsOf: middlewares) }
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
    public func register(interceptors: [any InterceptingMiddlewareType]) {
        core.withLock { $0.interceptors.append(contentsOf: interceptors) }
    }
}
