/// The counter scenario's reference model: a count that goes up, down, by an amount, or back to
/// zero.
public enum CounterModel: ComparableScenario {
    /// The counter's inputs.
    public enum Action: Sendable, Equatable {
        /// Adds one.
        case increment
        /// Subtracts one.
        case decrement
        /// Adds `amount` (which may be negative).
        case add(Int)
        /// Sets the count back to zero.
        case reset
    }

    /// The counter's state.
    public struct State: Equatable, Sendable {
        /// The current count.
        public var count: Int

        /// Creates a state holding `count`.
        public init(count: Int = 0) {
            self.count = count
        }
    }

    /// A count of zero.
    public static var initialState: State { State() }

    /// Applies one input to the count.
    public static func reduce(_ state: inout State, _ action: Action) {
        switch action {
        case .increment:
            state.count += 1
        case .decrement:
            state.count -= 1
        case .add(let amount):
            state.count += amount
        case .reset:
            state.count = 0
        }
    }

    /// Mostly increments and decrements, some amounts (zero included), a few resets.
    public static func randomAction(in state: State, using generator: inout some RandomNumberGenerator)
        -> Action
    {
        switch Int.random(in: 0..<10, using: &generator) {
        case 0..<4: .increment
        case 4..<7: .decrement
        case 7..<9: .add(Int.random(in: -3...3, using: &generator))
        default: .reset
        }
    }

    /// The counter on `architecture`.
    public static func makeDriver(_ architecture: Architecture) -> any ScenarioDriver<CounterModel> {
        switch architecture {
        case .prex: PrexDriver<PrexCounterAdapter>()
        case .vueFlux: VueFluxDriver<VueFluxCounterAdapter>()
        case .rxState: RxStateDriver<RxStateCounterAdapter>()
        }
    }
}
