import PrexCore
import ReactiveLite
import RxStateCore
import VueFluxCore

/// Workload 1: a counter increment dispatched to a store with one observer; and the same through
/// the paths users take: a Prex presenter with its view (reflected inline, on the main actor), and
/// an RxState store reduced by the README's `MainReducer`.
let dispatchToOneObserver: [Case] = [
    Case(
        "W1", "Baseline", callgrindIterations: 20_000,
        body: .anyThread {
            let store = BaselineStore(state: BaselineCounter())
            _ = store.subscribe { blackHole($0.count) }
            return Loop(run: { count in
                for _ in 0..<count {
                    store.dispatch { $0.count += 1 }
                }
            })
        }),
    Case(
        "W1", "PrexCore", callgrindIterations: 20_000,
        body: .anyThread {
            let flux = Flux(state: PrexCounterState(), mutation: PrexCounterMutation())
            let listener = flux.store.addListener { change in blackHole(change.new.count) }
            return Loop(
                run: { count in
                    for _ in 0..<count {
                        flux.dispatcher.dispatch(.increment)
                    }
                },
                finish: {
                    listener.cancel()
                    return Outcome()
                })
        }),
    Case(
        "W1", "PrexCore+View", callgrindIterations: 2_000,
        body: .mainActor {
            let view = CountingView()
            let presenter = Presenter(view: view, state: PrexCounterState(), mutation: PrexCounterMutation())
            var expected = 0
            return MainActorLoop(
                run: { count in
                    for _ in 0..<count {
                        presenter.dispatch(.increment)
                    }
                    expected += count
                },
                finish: {
                    // Each dispatch on the main actor with nothing pending reflects before it returns.
                    let problem =
                        view.reflections == expected
                        ? nil : "the view saw \(view.reflections) of \(expected) changes inline"
                    withExtendedLifetime(presenter) {}
                    return Outcome(problem: problem)
                })
        }),
    Case(
        "W1", "VueFluxCore", callgrindIterations: 20_000,
        body: .anyThread {
            let store = VueFluxCore.Store<VueFluxCounterState>(
                state: .init(), mutations: .init(), executor: .immediate)
            let observation = store.computed.count.observe { blackHole($0) }
            return Loop(
                run: { count in
                    for _ in 0..<count {
                        store.actions.increment()
                    }
                },
                finish: {
                    observation.dispose()
                    return Outcome()
                })
        }),
    Case(
        "W1", "RxStateCore", callgrindIterations: 10_000,
        body: .anyThread {
            let store = makeRxCounterStore()
            let observation = store.state.observe { blackHole($0.count) }
            return Loop(
                run: { count in
                    for _ in 0..<count {
                        store.dispatch(action: RxCounterAction.increment)
                    }
                },
                finish: {
                    observation.dispose()
                    return Outcome()
                })
        }),
    Case(
        "W1", "RxStateCore+MainReducer", callgrindIterations: 5_000,
        body: .anyThread {
            let store = RxStateCore.Store(mainReducer: rxCounterMainReducer)
            store.dispatch(action: StoreAction.add(states: [RxCounterState()]))
            let observation = store.state.observe { blackHole($0.count) }
            var expected = 0
            return Loop(
                run: { count in
                    for _ in 0..<count {
                        store.dispatch(action: RxCounterAction.increment)
                    }
                    expected += count
                },
                finish: {
                    observation.dispose()
                    let reached = store.substate(RxCounterState.self)?.count ?? -1
                    return Outcome(
                        problem: reached == expected
                            ? nil : "the main reducer reached \(reached) of \(expected)")
                })
        }),
]
