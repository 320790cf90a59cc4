import RxStateCore

// The counter of docs/testing.md, in RxState: a substate, a typed reducer, and an intercepting
// middleware whose side effect dispatches again later.

// snippet: rxstate-counter
struct CounterState: SubstateType, Equatable {
    var count = 0
    var isWaiting = false
}

enum CounterAction: ActionType, Equatable {
    case increment
    case incrementLater
    case delayedIncrement
}

/// A store with the counter's reducer and side effect registered, and no substate yet.
func makeCounterStore() -> Store {
    let store = Store()
    store.register(CounterState.self, for: CounterAction.self) { state, action in
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
    // The side effect: `incrementLater` is answered later, from a task.
    let delayedIncrement = InterceptingMiddleware { action, store, next in
        next(action)
        if action as? CounterAction == .incrementLater {
            Task { store.dispatch(action: CounterAction.delayedIncrement) }
        }
    }
    store.register(interceptors: [delayedIncrement])
    return store
}
// snippet-end: rxstate-counter

/// Another substate and its actions, to show what a test store following `CounterState` records.
struct LabelState: SubstateType, Equatable {
    var text = ""
}

struct SetLabel: ActionType, Equatable {
    let text: String
}

/// A counter store, holding a `CounterState` and a `LabelState`, whose interceptor answers
/// `.increment` with `.delayedIncrement` at once: a reentrant dispatch, applied before `dispatch`
/// returns.
func makeEchoStore() -> Store {
    let store = makeCounterStore()
    store.register(LabelState.self, for: SetLabel.self) { state, action in
        state.text = action.text
    }
    store.dispatch(action: StoreAction.add(states: [CounterState(), LabelState()]))
    let echo = InterceptingMiddleware { action, store, next in
        next(action)
        if action as? CounterAction == .increment {
            store.dispatch(action: CounterAction.delayedIncrement)
        }
    }
    store.register(interceptors: [echo])
    return store
}
