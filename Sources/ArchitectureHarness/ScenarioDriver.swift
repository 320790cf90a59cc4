import ReactiveLite

/// One architecture running one scenario: the adapter through which the harness dispatches the
/// model's inputs and reads the architecture's state projected onto the model.
///
/// Every driver keeps the dispatch rules of the contract (docs/contract.md): `dispatch(_:)` may be
/// called from any thread; on an idle store the input is applied when it returns; a dispatch made
/// while the store is busy (from an observer, or another thread) is applied after the current one,
/// first in first out, and once every `dispatch` call has returned every input has been applied.
///
/// Drivers are thin on purpose: the benchmarks call `dispatch(_:)` in hot loops. A driver maps the
/// model's input to the architecture's own action or action creator and calls it; it allocates
/// nothing per input of its own.
public protocol ScenarioDriver<Model>: AnyObject, Sendable {
    /// The scenario this driver runs.
    associatedtype Model: ScenarioModel

    /// The architecture this driver runs on.
    var architecture: Architecture { get }

    /// Sends `action` to the architecture the way its users would (an action, an action creator).
    func dispatch(_ action: Model.Action)

    /// The architecture's current state, projected onto the model.
    ///
    /// Safe from any thread; reflects every input whose `dispatch` has applied it.
    var state: Model.State { get }

    /// Observes the states the architecture announces, projected onto the model, from now on.
    ///
    /// The current state is not replayed: `observer` hears each announcement made after this
    /// returns (for an announcement already under way on another thread, it may or may not). It runs
    /// on the thread that applied the input, in application order, with no lock held; it may
    /// dispatch (the input is queued) and read `state`. An architecture may announce a state that
    /// did not change (Prex and RxState announce every action); compare announcements with
    /// consecutive duplicates removed, as ``Harness`` does.
    ///
    /// - Returns: The disposable that ends the observation at once.
    func observe(_ observer: @escaping @Sendable (Model.State) -> Void) -> AnyDisposable

    /// The objects the architecture created for this driver (stores, states, observers, presenters,
    /// views), for lifetime checks: once the driver and every observation are gone, each must be
    /// deallocated. Hold them weakly.
    var components: [AnyObject] { get }
}
