/// A passive view that shows the state its presenter pushes to it.
///
/// The protocol is isolated to the main actor, so a `UIViewController` or any `@MainActor` class
/// conforms in Swift 6 mode without annotations, and a plain class that declares the conformance
/// on its declaration (`final class MockView: View`) is inferred to be `@MainActor` too. Declaring
/// the conformance in an extension of a class that is not main-actor isolated does not compile:
/// mark that class `@MainActor`.
///
/// `reflect(change:)` is always called on the main actor, once per state change, in dispatch
/// order, never nested by its presenter (a dispatch from inside `reflect` is delivered after it
/// returns). A view that two presenters serve gets each one's changes in that one's order, and
/// a dispatch to the second presenter from inside `reflect` may call `reflect` again inside it,
/// as in Prex. The presenter holds the view weakly: a view that is deallocated simply stops
/// receiving.
@MainActor
public protocol View<State>: AnyObject, Sendable {
    /// The state this view shows.
    associatedtype State: PrexCore.State

    /// Shows `change`; read the properties that changed with `change.someProperty?.value`.
    ///
    /// Implement this method or ``refrect(change:)``, its name in Prex's first releases, not both:
    /// each one's default calls the other (EarlyNames.swift).
    func reflect(change: StateChange<State>)

    /// The name of ``reflect(change:)`` in Prex's first releases (`refrect(change: ValueChange<State>)`,
    /// spelled so in Prex's early README and tests), kept so that such a view compiles unchanged.
    /// The presenter calls ``reflect(change:)``, whose default calls this method.
    func refrect(change: StateChange<State>)
}
