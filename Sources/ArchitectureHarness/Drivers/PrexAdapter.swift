import PrexCore

/// How a scenario's Prex implementation meets the harness: which mutation it uses, and how the
/// model's inputs and state map onto Prex's.
///
/// Only static members: a ``PrexDriver`` is generic over the adapter, so the mapping is
/// specialized into the dispatch path instead of called through closures.
public protocol PrexAdapter: Sendable {
    /// The scenario's reference model.
    associatedtype Model: ScenarioModel
    /// The scenario's Prex mutation; its `Action` and `State` are the scenario's Prex types.
    associatedtype Mutation: PrexCore.Mutation

    /// A flux in the state that corresponds to the model's initial state.
    static func makeFlux() -> Flux<Mutation.Action, Mutation.State>

    /// The Prex action for a model input.
    static func action(for input: Model.Action) -> Mutation.Action

    /// The Prex state projected onto the model.
    static func model(of state: Mutation.State) -> Model.State
}
