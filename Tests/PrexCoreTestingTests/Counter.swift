import PrexCore

// The counter of docs/testing.md, in Prex: one synchronous action and one side effect that
// dispatches later.

// snippet: prex-counter
struct CounterState: State, Equatable {
    var count = 0
    var isWaiting = false
}

enum CounterAction: Action, Equatable {
    case increment
    case incrementLater
    case delayedIncrement
}

struct CounterMutation: Mutation {
    func mutate(action: CounterAction, state: inout CounterState) {
        switch action {
        case .increment:
            state.count += 1
        case .incrementLater:
            state.isWaiting = true
        case .delayedIncrement:
            state.count += 1
            state.isWaiting = false
        }
    }
}

extension Presenter where Action == CounterAction, State == CounterState {
    func increment() {
        dispatch(.increment)
    }

    /// The side effect: the increment arrives later, from a task.
    func incrementLater() {
        dispatch(.incrementLater)
        Task { @MainActor in
            self.dispatch(.delayedIncrement)
        }
    }
}
// snippet-end: prex-counter

/// A mutation that dispatches again from inside itself: the second action is queued, so a test
/// store must receive it.
struct EchoMutation: Mutation {
    let dispatcher: @Sendable (CounterAction) -> Void

    func mutate(action: CounterAction, state: inout CounterState) {
        state.count += 1
        if action == .increment {
            dispatcher(.delayedIncrement)
        }
    }
}
