import PrexCore

/// The counter in Prex: a state, its actions, the one mutation that changes the state, and the
/// presenter methods a view calls. A view shows `change.count?.value` in `reflect(change:)`.
enum PrexCounter {
    struct State: PrexCore.State, Equatable {
        var count = 0
    }

    enum Action: PrexCore.Action, Equatable {
        case increment
        case decrement
        case add(Int)
        case reset
    }

    struct Mutation: PrexCore.Mutation {
        func mutate(action: PrexCounter.Action, state: inout PrexCounter.State) {
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
    }
}

extension Presenter where Action == PrexCounter.Action, State == PrexCounter.State {
    func increment() {
        dispatch(.increment)
    }

    func decrement() {
        dispatch(.decrement)
    }

    func add(_ amount: Int) {
        dispatch(.add(amount))
    }

    func reset() {
        dispatch(.reset)
    }
}
