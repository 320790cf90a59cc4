/// A middleware that sits between ``Store/dispatch(action:)-(Action)`` and the reducers, as in Redux: it may
/// pass an action on, transform it, drop it, delay it or pass on several.
///
/// Interceptors run in registration order (the first registered sees the action first), each on the
/// thread draining the store, with no lock held, one action at a time. An interceptor passes an
/// action on by calling `next` with it (the same one or another); not calling `next` drops it.
///
/// - `next` called before ``intercept(action:store:next:)`` returns: the actions given to it go on
///   to the next interceptor (then the reducers) right after this call returns, before any other
///   queued action, in the order given. Unlike Redux, `next` does not apply the action before it
///   returns: a store never nests one action inside another.
/// - `next` called later (from a timer, another thread, a task): the action is dispatched in turn,
///   as ``Store/dispatch(action:)-(Action)`` describes, after the actions already waiting, and skips the
///   interceptors before this one. If the store has been deallocated by then, nothing happens.
///   `next` is synchronous: called from a task while another thread applies actions, it blocks
///   that thread of Swift's cooperative pool for the other thread's turn, as a synchronous
///   dispatch would. An interceptor that resumes from async work can suspend instead by running
///   its later actions through ``Store/runEffect(id:fileID:line:_:)``, whose dispatch suspends
///   (it starts again at the first interceptor).
///
/// `store` is the store applying the action, to read its state or dispatch new actions; a dispatch
/// from here starts again at the first interceptor and is queued behind the current action.
public protocol InterceptingMiddlewareType: Sendable {
    /// Handles one action on its way to the reducers.
    ///
    /// - Parameters:
    ///   - action: The action dispatched, or as passed on by the interceptor before this one.
    ///   - store: The store applying it.
    ///   - next: Passes an action on; callable any number of times, from any thread, at any time.
    func intercept(action: any ActionType, store: Store, next: @escaping @Sendable (any ActionType) -> Void)
}

/// An ``InterceptingMiddlewareType`` made from a closure.
///
/// ```swift
/// let dropTicks = InterceptingMiddleware { action, store, next in
///     if action is TickAction { return }  // dropped
///     next(action)
/// }
/// ```
public struct InterceptingMiddleware: InterceptingMiddlewareType {
    /// The closure's shape: the same as ``InterceptingMiddlewareType/intercept(action:store:next:)``.
    public typealias Intercept =
        @Sendable (
            _ action: any ActionType, _ store: Store, _ next: @escaping @Sendable (any ActionType) -> Void
        ) -> Void

    private let body: Intercept

    /// Creates an intercepting middleware that runs `intercept` for each action.
    ///
    /// - Parameter intercept: Called as ``intercept(action:store:next:)`` is.
    public init(_ intercept: @escaping Intercept) {
        body = intercept
    }

    /// Runs the closure given at creation.
    ///
    /// - Parameters:
    ///   - action: The action on its way to the reducers.
    ///   - store: The store applying it.
    ///   - next: Passes an action on.
    public func intercept(
        action: any ActionType, store: Store, next: @escaping @Sendable (any ActionType) -> Void
    ) {
        body(action, store, next)
    }
}
