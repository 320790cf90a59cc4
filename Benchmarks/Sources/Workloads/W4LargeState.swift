import PrexCore
import ReactiveLite
import RxStateCore
import VueFluxCore

/// Workload 4: a state holding a list of 10,000 or more integers, one append per dispatch, one
/// observer. Cheap only when the store mutates uniquely held storage in place; a store that keeps
/// the old state (or hands out copies) pays a full copy of the list per action.
let largeState: [Case] = [
    Case(
        "W4", "Baseline", callgrindIterations: 20_000,
        body: .anyThread {
            let store = BaselineStore(state: BaselineList())
            _ = store.subscribe { blackHole($0.items.count) }
            var value = 0
            return Loop(run: { count in
                for _ in 0..<count {
                    value &+= 1
                    store.dispatch { $0.items.appendBounded(value) }
                }
            })
        }),
    Case(
        "W4", "PrexCore", callgrindIterations: 500,
        body: .anyThread {
            let flux = Flux(state: PrexListState(), mutation: PrexListMutation())
            let listener = flux.store.addListener { change in blackHole(change.new.items.count) }
            var value = 0
            return Loop(
                run: { count in
                    for _ in 0..<count {
                        value &+= 1
                        flux.dispatcher.dispatch(.append(value))
                    }
                },
                finish: {
                    listener.cancel()
                    return Outcome()
                })
        }),
    Case(
        "W4", "PrexCore+InPlace", callgrindIterations: 10_000,
        body: .anyThread {
            let flux = Flux(mutatingInPlace: PrexListState(), mutation: PrexListMutation())
            let listener = flux.store.addListener { change in blackHole(change.new.items.count) }
            var value = 0
            return Loop(
                run: { count in
                    for _ in 0..<count {
                        value &+= 1
                        flux.dispatcher.dispatch(.append(value))
                    }
                },
                finish: {
                    listener.cancel()
                    return Outcome()
                })
        }),
    Case(
        "W4", "VueFluxCore", callgrindIterations: 500,
        body: .anyThread {
            let store = VueFluxCore.Store<VueFluxListState>(
                state: .init(), mutations: .init(), executor: .immediate)
            let observation = store.computed.items.observe { blackHole($0.count) }
            var value = 0
            return Loop(
                run: { count in
                    for _ in 0..<count {
                        value &+= 1
                        store.actions.dispatch(action: .append(value))
                    }
                },
                finish: {
                    observation.dispose()
                    return Outcome()
                })
        }),
    Case(
        "W4", "VueFluxCore+InPlace", callgrindIterations: 10_000,
        body: .anyThread {
            let store = VueFluxCore.Store<VueFluxInPlaceListState>(
                state: .init(), mutations: .init(), executor: .immediate)
            let observation = store.computed.items.observe { blackHole($0.count) }
            var value = 0
            return Loop(
                run: { count in
                    for _ in 0..<count {
                        value &+= 1
                        store.actions.dispatch(action: .append(value))
                    }
                },
                finish: {
                    observation.dispose()
                    return Outcome()
                })
        }),
    Case(
        "W4", "RxStateCore", callgrindIterations: 10_000,
        body: .anyThread {
            let store = makeRxListStore()
            let observation = store.state.observe { blackHole($0.count) }
            var value = 0
            return Loop(
                run: { count in
                    for _ in 0..<count {
                        value &+= 1
                        store.dispatch(action: RxListAction.append(value))
                    }
                },
                finish: {
                    observation.dispose()
                    return Outcome()
                })
        }),
]
