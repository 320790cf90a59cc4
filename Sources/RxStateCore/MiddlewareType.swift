import ReactiveLite

/// An observe-only middleware, as in RxState: it watches the app state and the last action, for
/// logging, analytics or persistence, and cannot change either.
///
/// ``Store/register(middlewares:)`` calls ``observe(currentStateLastAction:)`` once, at
/// registration; the middleware subscribes and keeps the subscription, usually in a
/// `DisposableScope`. Its observer then runs after the reducers for every action, on the thread
/// draining the store, in the order the observers of the store subscribed.
///
/// ```swift
/// final class LoggingMiddleware: MiddlewareType {
///     let disposableScope = DisposableScope()
///
///     func observe(currentStateLastAction: Signal<CurrentStateLastAction>) {
///         disposableScope += currentStateLastAction.observe { currentState, lastAction in
///             print(currentState)
///             print(lastAction as Any)
///         }
///     }
/// }
/// ```
public protocol MiddlewareType {
    /// Starts observing the store's state and last action.
    ///
    /// - Parameter currentStateLastAction: The store's ``Store/currentStateLastAction``: the current
    ///   pair first, then one pair per applied action.
    func observe(currentStateLastAction: Signal<CurrentStateLastAction>)
}
