/// What a run of a scenario produced: the state after each input and the states announced.
///
/// Two runs behave the same when their traces are equal: the same intermediate states, and the
/// same announcements in the same order.
public struct Trace<State: Equatable & Sendable>: Equatable, Sendable {
    /// The state read right after each input was dispatched, one per input.
    public var states: [State]

    /// The distinct states announced to an observer, in order: consecutive duplicates (an
    /// architecture announcing an action that changed nothing) are removed, and so is an
    /// announcement equal to the initial state at the start.
    public var announcements: [State]

    /// Creates a trace from its states and announcements.
    public init(states: [State], announcements: [State]) {
        self.states = states
        self.announcements = announcements
    }

    /// The state after the last input, or `nil` for a run of no input.
    public var finalState: State? {
        states.last
    }
}
