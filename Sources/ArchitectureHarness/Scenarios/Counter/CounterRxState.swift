import RxStateCore

/// The counter in RxState: a substate, its actions, and a typed reducer registered on the store.
enum RxStateCounter {
    struct State: SubstateType, Equatable {
        var count = 0
    }

    enum Action: ActionType, Equatable {
        case increment
        case decrement
        case add(Int)
        case reset
    }

    static func makeStore() -> Store {
        let store = Store()
        store.register(State.self, for: Action.self) { state, action in
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
        store.dispatch(action: StoreAction.add(states: [State()]))
        return store
    }
}
