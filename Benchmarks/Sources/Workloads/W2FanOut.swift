import PrexCore
import ReactiveLite
import RxStateCore
import VueFluxCore

/// Workload 2: one dispatch notifying 1,000 observers (the report gives the cost per
/// notification); and 1,000 Prex presenters, each with its view, sharing one flux, on the main actor.
let fanOut: [Case] = {
    let observers = Size.fanOutObservers
    return [
        Case(
            "W2", "Baseline", operationsPerIteration: observers, iterationsPerSample: 1,
            callgrindIterations: 20,
            body: .anyThread { fanOutOnBaseline(observers: observers) }),
        Case(
            "W2", "PrexCore", operationsPerIteration: observers, iterationsPerSample: 1,
            callgrindIterations: 20,
            body: .anyThread { fanOutOnPrex(observers: observers) }),
        Case(
            "W2", "PrexCore+View", operationsPerIteration: observers, iterationsPerSample: 1,
            callgrindIterations: 4,
            body: .mainActor {
                let flux = Flux(state: PrexCounterState(), mutation: PrexCounterMutation())
                let views = (0..<observers).map { _ in CountingView() }
                let presenters = views.map { Presenter(view: $0, flux: flux) }
                var expected = 0
                return MainActorLoop(
                    run: { count in
                        for _ in 0..<count {
                            flux.dispatcher.dispatch(.increment)
                        }
                        expected += count
                    },
                    finish: {
                        let reflected = views.reduce(0) { $0 + $1.reflections }
                        let problem =
                            reflected == expected * observers
                            ? nil : "the views saw \(reflected) of \(expected * observers) changes inline"
                        withExtendedLifetime(presenters) {}
                        return Outcome(problem: problem)
                    })
            }),
        Case(
            "W2", "VueFluxCore", operationsPerIteration: observers, iterationsPerSample: 1,
            callgrindIterations: 20,
            body: .anyThread { fanOutOnVueFlux(observers: observers) }),
        Case(
            "W2", "RxStateCore", operationsPerIteration: observers, iterationsPerSample: 1,
            callgrindIterations: 10,
            body: .anyThread { fanOutOnRxState(observers: observers) }),
    ]
}()

/// W2's store on the baseline with `observers` observers; the loop dispatches one increment per
/// iteration (also the observers curve's, Curves.swift).
func fanOutOnBaseline(observers: Int) -> Loop {
    let store = BaselineStore(state: BaselineCounter())
    for _ in 0..<observers { _ = store.subscribe { blackHole($0.count) } }
    return Loop(run: { count in
        for _ in 0..<count {
            store.dispatch { $0.count += 1 }
        }
    })
}

/// W2's flux on PrexCore with `observers` store listeners; one increment per iteration.
func fanOutOnPrex(observers: Int) -> Loop {
    let flux = Flux(state: PrexCounterState(), mutation: PrexCounterMutation())
    let listeners = (0..<observers).map { _ in
        flux.store.addListener { change in blackHole(change.new.count) }
    }
    return Loop(
        run: { count in
            for _ in 0..<count {
                flux.dispatcher.dispatch(.increment)
            }
        },
        finish: {
            // Last in, first out: each removal from the end of the listener list is O(1).
            for listener in listeners.reversed() { listener.cancel() }
            return Outcome()
        })
}

/// W2's store on VueFluxCore with `observers` observers of its computed count; one increment per
/// iteration.
func fanOutOnVueFlux(observers: Int) -> Loop {
    let store = VueFluxCore.Store<VueFluxCounterState>(
        state: .init(), mutations: .init(), executor: .immediate)
    let observations = (0..<observers).map { _ in store.computed.count.observe { blackHole($0) } }
    return Loop(
        run: { count in
            for _ in 0..<count {
                store.actions.increment()
            }
        },
        finish: {
            // Last in, first out: each removal from the end of the observer list is O(1).
            for observation in observations.reversed() { observation.dispose() }
            return Outcome()
        })
}

/// W2's store on RxStateCore with `observers` observers of its state; one increment per iteration.
func fanOutOnRxState(observers: Int) -> Loop {
    let store = makeRxCounterStore()
    let observations = (0..<observers).map { _ in store.state.observe { blackHole($0.count) } }
    return Loop(
        run: { count in
            for _ in 0..<count {
                store.dispatch(action: RxCounterAction.increment)
            }
        },
        finish: {
            // Last in, first out: each removal from the end of the observer list is O(1).
            for observation in observations.reversed() { observation.dispose() }
            return Outcome()
        })
}
