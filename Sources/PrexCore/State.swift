/// A value that holds everything a view and its presenter need to show one screen.
///
/// A state is a value type that crosses threads: the store mutates it on whichever thread drains
/// the dispatch queue and views read it on the main thread, hence `Sendable`. Give its properties
/// `Equatable` types where you can: `StateChange` reports a property as changed only when it can
/// compare the old and new value.
public protocol State: Sendable {}
