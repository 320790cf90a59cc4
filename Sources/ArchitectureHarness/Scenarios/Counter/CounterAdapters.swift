import PrexCore
import ReactiveLite
import RxStateCore
import VueFluxCore

// How each architecture's counter meets the harness. Not part of the side-by-side examples: this
// is the glue that maps the model's inputs and state onto each implementation.

enum PrexCounterAdapter: PrexAdapter {
    typealias Model = CounterModel
    typealias Mutation = PrexCounter.Mutation

    static func makeFlux() -> Flux<PrexCounter.Action, PrexCounter.State> {
        Flux(state: PrexCounter.State(), mutation: PrexCounter.Mutation())
    }

    static func action(for input: CounterModel.Action) -> PrexCounter.Action {
        switch input {
        case .increment: .increment
        case .decrement: .decrement
        case .add(let amount): .add(amount)
        case .reset: .reset
        }
    }

    static func model(of state: PrexCounter.State) -> CounterModel.State {
        CounterModel.State(count: state.count)
    }
}

enum VueFluxCounterAdapter: VueFluxAdapter {
    typealias Model = CounterModel
    typealias State = VueFluxCounter.State

    static func makeStore() -> VueFluxCore.Store<VueFluxCounter.State> {
        Store(state: VueFluxCounter.State(), mutations: VueFluxCounter.Mutations(), executor: .immediate)
    }

    static func send(_ input: CounterModel.Action, to actions: Actions<VueFluxCounter.State>) {
        switch input {
        case .increment: actions.increment()
        case .decrement: actions.decrement()
        case .add(let amount): actions.add(amount)
        case .reset: actions.reset()
        }
    }

    static func model(of computed: Computed<VueFluxCounter.State>) -> CounterModel.State {
        CounterModel.State(count: computed.count.value)
    }

    static func changes(of computed: Computed<VueFluxCounter.State>) -> [Signal<CounterModel.State>] {
        [computed.count.signal.map { CounterModel.State(count: $0) }]
    }
}

enum RxStateCounterAdapter: RxStateAdapter {
    typealias Model = CounterModel
    typealias Substate = RxStateCounter.State
    typealias Action = RxStateCounter.Action

    static func makeStore() -> RxStateCore.Store {
        RxStateCounter.makeStore()
    }

    static func action(for input: CounterModel.Action) -> RxStateCounter.Action {
        switch input {
        case .increment: .increment
        case .decrement: .decrement
        case .add(let amount): .add(amount)
        case .reset: .reset
        }
    }

    static func model(of substate: RxStateCounter.State) -> CounterModel.State {
        CounterModel.State(count: substate.count)
    }
}
