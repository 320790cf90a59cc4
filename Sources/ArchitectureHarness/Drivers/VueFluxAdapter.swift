import ReactiveLite
import VueFluxCore

/// How a scenario's VueFlux implementation meets the harness: how to build its store, which
/// action creator each model input calls, and how its computed values map onto the model.
///
/// Only static members: a ``VueFluxDriver`` is generic over the adapter, so the mapping is
/// specialized into the dispatch path.
public protocol VueFluxAdapter: Sendable {
    /// The scenario's reference model.
    associatedtype Model: ScenarioModel
    /// The scenario's VueFlux state.
    associatedtype State: VueFluxCore.State

    /// A store in the state that corresponds to the model's initial state, committing with the
    /// `.immediate` executor (so that a dispatch to an idle store is applied when it returns).
    static func makeStore() -> Store<State>

    /// Calls the action creator that corresponds to `input`.
    static func send(_ input: Model.Action, to actions: Actions<State>)

    /// The computed values projected onto the model.
    static func model(of computed: Computed<State>) -> Model.State

    /// The store's announcements: computed signals projected onto the model, each replaying its
    /// current value first (the driver skips it).
    ///
    /// Project the value a signal delivers, not the variable's current value: with concurrent
    /// dispatch a delivery can trail the latest write, and reading `value` inside an observer gives
    /// the latest (ReactiveLite's documented behaviour), which would repeat or skip states. Where a
    /// state spans several variables, a signal's projection has to read the others' current values,
    /// so its announcements are exact only without concurrent dispatch. Capture the state weakly:
    /// its variables hold these signals' observers.
    static func changes(of computed: Computed<State>) -> [Signal<Model.State>]
}
