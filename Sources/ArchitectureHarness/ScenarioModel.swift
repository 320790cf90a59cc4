/// The reference model of a scenario: its inputs, its state, and a plain reducer that says what
/// every architecture must do with them.
///
/// The model is the specification. It is deliberately the simplest code that can be right: a value
/// state and a pure function, no store, no threads. The harness runs the same inputs through the
/// model and through each architecture and compares the states.
public protocol ScenarioModel: Sendable {
    /// What a user (or a test) does: the inputs every architecture receives.
    associatedtype Action: Sendable
    /// What every architecture's state looks like when projected onto the model.
    associatedtype State: Equatable & Sendable

    /// The state before any input.
    static var initialState: State { get }

    /// Applies `action` to `state`: the behaviour every architecture must reproduce.
    ///
    /// Must be pure and total: every action is valid in every state (an input that makes no sense
    /// leaves the state as it was).
    static func reduce(_ state: inout State, _ action: Action)

    /// Whether an architecture may announce states between the model's: `true` for a scenario
    /// whose inputs can cross several stores one after another, so that an observer sees each
    /// store's change (the app-scale scenario). The harness then requires every state the model
    /// announces to be announced in the same order, with the same last state, and accepts states
    /// between them; `false` (the default) requires the very same announcements.
    static var announcesIntermediateStates: Bool { get }
}

extension ScenarioModel {
    /// `false`: an architecture announces exactly the model's states.
    public static var announcesIntermediateStates: Bool { false }
}

/// A scenario that can generate random inputs, for the differential test.
public protocol RandomScenarioModel: ScenarioModel {
    /// A random input, chosen with `generator` so that a seed reproduces a sequence.
    ///
    /// `state` is the reference state before the input, for generators that want inputs that
    /// mostly make sense in it (ids that exist, say) while still producing some that do not.
    static func randomAction(in state: State, using generator: inout some RandomNumberGenerator) -> Action
}

/// A scenario that all three architectures implement: it can build a driver for each.
public protocol ComparableScenario: RandomScenarioModel {
    /// A fresh instance of the scenario running on `architecture`, in the model's initial state.
    static func makeDriver(_ architecture: Architecture) -> any ScenarioDriver<Self>
}
