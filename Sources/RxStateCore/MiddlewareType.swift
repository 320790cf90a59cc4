import ReactiveLite

/// An observe-only middleware, as in RxState: it watches the app state and the last action, for
/// logging, analytics or persistence, and cannot change either.
///
/// ``Store/register(middlewares:)`` keeps the middleware for the store's lifetime, as RxState does,
/// and calls ``observe(currentStateLastAction:)`` once, at registration; the middleware subscribes
/// and keeps the subscription, usually in a `DisposableScope`. Its observer then runs after the
/// reducers for every action, on the thread draining the store, in the order the observers of the
/// store subscribed.
///
/// A middleware is `Sendable`: the store that keeps it crosses threads, and its observer runs on
/// whichever thread drains the store. A final class whose stored properties are `let`s of
/// `Sendable` types (a `DisposableScope`, a `@Sendable` closure) conforms as written.
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
public protocol MiddlewareType: Sendable {
    /// Starts observing the store's state and last action.
    ///
    /// - Parameter currentStateLastAction: The store's ``Store/currentStateLastAction``: the current
    ///   pair first, then one pair per applied action.
    func observe(currentStateLastAction: Signal<CurrentStateLastAction>)
}
