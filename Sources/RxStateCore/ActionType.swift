/// A description of a state change: the only way to change the state is to dispatch one with
/// ``Store/dispatch(action:)-(Action)``.
///
/// Typed reducers are chosen by the action's exact type, the concrete type it is dispatched as
/// (see ``Store/register(_:for:reducer:)``), so an enum per area (`TasksAction`) is the usual shape.
/// Actions cross threads (a dispatch from another thread is applied by whichever thread is
/// draining the store), so they are `Sendable`.
public protocol ActionType: Sendable {}
