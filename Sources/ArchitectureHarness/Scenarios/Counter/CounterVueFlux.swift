import ReactiveLite
import VueFluxCore

/// The counter in VueFlux: the state keeps its count private to this file, the mutations change
/// it, the computed values publish it, and the action creators are what a view calls.
enum VueFluxCounter {
    enum Action: Equatable {
        case increment
        case decrement
        case add(Int)
        case reset
    }

    final class State: VueFluxCore.State {
        typealias Action = VueFluxCounter.Action
        typealias Mutations = VueFluxCounter.Mutations

        fileprivate let count = Variable(0)
    }

    struct Mutations: VueFluxCore.Mutations {
        func commit(action: VueFluxCounter.Action, state: VueFluxCounter.State) {
            switch action {
            case .increment:
                state.count.value += 1
            case .decrement:
                state.count.value -= 1
            case .add(let amount):
                state.count.value += amount
            case .reset:
                state.count.value = 0
            }
        }
    }
}

extension Computed where State == VueFluxCounter.State {
    var count: Constant<Int> {
        state.count.constant
    }
}

extension Actions where State == VueFluxCounter.State {
    func increment() {
        dispatch(action: .increment)
    }

    func decrement() {
        dispatch(action: .decrement)
    }

    func add(_ amount: Int) {
        dispatch(action: .add(amount))
    }

    func reset() {
        dispatch(action: .reset)
    }
}
