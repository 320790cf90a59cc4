import RxStateCore

/// How a scenario's RxState implementation meets the harness: how to build its store, which action
/// each model input becomes, and how its substate maps onto the model.
///
/// Only static members: an ``RxStateDriver`` is generic over the adapter, so the mapping is
/// specialized into the dispatch path.
public protocol RxStateAdapter: Sendable {
    /// The scenario's reference model.
    associatedtype Model: ScenarioModel
    /// The substate the scenario keeps in the store.
    associatedtype Substate: SubstateType & Equatable
    /// The scenario's action type.
    associatedtype Action: ActionType

    /// A store with its reducers (and middleware) registered and the substate added, in the state
    /// that corresponds to the model's initial state.
    static func makeStore() -> Store

    /// The action for a model input.
    static func action(for input: Model.Action) -> Action

    /// The substate projected onto the model.
    static func model(of substate: Substate) -> Model.State
}
