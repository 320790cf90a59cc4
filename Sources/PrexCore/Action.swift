/// A request to change the state, the internal API of the application.
///
/// An action may be queued while the store is busy and applied on another thread than the one that
/// dispatched it, so it must be `Sendable`. An enum without payloads is `Equatable` for free, which
/// tests use to compare dispatched actions.
public protocol Action: Sendable {}
