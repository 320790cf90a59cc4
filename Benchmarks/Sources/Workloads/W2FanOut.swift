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
            body: .anyThread {
                let store = BaselineStore(state: BaselineCounter())
                for _ in 0..<observers { _ = store.subscribe { blackHole($0.count) } }
                return Loop(run: { count in
                    for _ in 0..<count {
                        store.dispatch { $0.count += 1 }
                    }
                })
            }),
        Case(
            "W2", "PrexCore", operationsPerIteration: observers, iterationsPerSample: 1,
            callgrindIterations: 20,
            body: .anyThread {
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
                        for listener in listeners { listener.cancel() }
                        return Outcome()
                    })
            }),
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
            body: .anyThread {
                let store = VueFluxCore.Store<VueFluxCounterState>(
                    state: .init(), mutations: .init(), executor: .immediate)
                let scope = DisposableScope()
                for _ in 0..<observers { scope += store.computed.count.observe { blackHole($0) } }
                return Loop(
                    run: { count in
                        for _ in 0..<count {
                            store.actions.increment()
                        }
                    },
                    finish: {
                        scope.dispose()
                        return Outcome()
                    })
            }),
        Case(
            "W2", "RxStateCore", operationsPerIteration: observers, iterationsPerSample: 1,
            callgrindIterations: 10,
            body: .anyThread {
                let store = makeRxCounterStore()
                let scope = DisposableScope()
                for _ in 0..<observers { scope += store.state.observe { blackHole($0.count) } }
                return Loop(
                    run: { count in
                        for _ in 0..<count {
                            store.dispatch(action: RxCounterAction.increment)
                        }
                    },
                    finish: {
                        scope.dispose()
                        return Outcome()
                    })
            }),
    ]
}()
