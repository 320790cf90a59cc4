/// A request to change the state, the internal API of the application.
///
/// Actions are queued when the store is busy and applied on whichever thread drains the queue, so
/// they must be `Sendable`. An enum without payloads is `Equatable` for free, which tests use to
/// compare dispatched actions.
public protocol Action: Sendable {}
