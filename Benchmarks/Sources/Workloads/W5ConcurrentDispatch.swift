import Dispatch
import PrexCore
import ReactiveLite
import RxStateCore
import VueFluxCore

/// Workload 5: two threads increment one counter at once. One iteration is
/// `concurrentThreads x concurrentDispatchesPerThread` dispatches; the outcome counts the increments
/// the store lost (the target is zero).
let concurrentDispatch: [Case] = {
    let perIteration = Size.concurrentThreads * Size.concurrentDispatchesPerThread
    return [
        Case(
            "W5", "Baseline", operationsPerIteration: perIteration, iterationsPerSample: 1,
            callgrindIterations: 2,
            body: .anyThread {
                let store = BaselineStore(state: BaselineCounter())
                _ = store.subscribe { blackHole($0.count) }
                return concurrentLoop(
                    dispatch: { store.dispatch { $0.count += 1 } }, count: { store.state.count }, teardown: {}
                )
            }),
        Case(
            "W5", "PrexCore", operationsPerIteration: perIteration, iterationsPerSample: 1,
            callgrindIterations: 2,
            body: .anyThread {
                let flux = Flux(state: PrexCounterState(), mutation: PrexCounterMutation())
                let listener = flux.store.addListener { change in blackHole(change.new.count) }
                return concurrentLoop(
                    dispatch: { flux.dispatcher.dispatch(.increment) }, count: { flux.store.state.count },
                    teardown: { listener.cancel() })
            }),
        Case(
            "W5", "VueFluxCore", operationsPerIteration: perIteration, iterationsPerSample: 1,
            callgrindIterations: 2,
            body: .anyThread {
                let store = VueFluxCore.Store<VueFluxCounterState>(
                    state: .init(), mutations: .init(), executor: .immediate)
                let observation = store.computed.count.observe { blackHole($0) }
                let state = store.computed.state
                return concurrentLoop(
                    dispatch: { store.actions.increment() }, count: { state.count.value },
                    teardown: { observation.dispose() })
            }),
        Case(
            "W5", "RxStateCore", operationsPerIteration: perIteration, iterationsPerSample: 1,
            callgrindIterations: 1,
            body: .anyThread {
                let store = makeRxCounterStore()
                let observation = store.state.observe { blackHole($0.count) }
                return concurrentLoop(
                    dispatch: { store.dispatch(action: RxCounterAction.increment) },
                    count: { store.substate(RxCounterState.self)?.count ?? 0 },
                    teardown: { observation.dispose() })
            }),
    ]
}()

/// Runs `dispatch` from the threads, `concurrentDispatchesPerThread` times each, per iteration;
/// `finish` compares the count with the dispatches made.
private func concurrentLoop(
    dispatch: @escaping @Sendable () -> Void, count: @escaping () -> Int, teardown: @escaping () -> Void
) -> Loop {
    let start = count()
    var dispatched = 0
    return Loop(
        run: { iterations in
            for _ in 0..<iterations {
                DispatchQueue.concurrentPerform(iterations: Size.concurrentThreads) { _ in
                    for _ in 0..<Size.concurrentDispatchesPerThread {
                        dispatch()
                    }
                }
            }
            dispatched += iterations * Size.concurrentThreads * Size.concurrentDispatchesPerThread
        },
        finish: {
            let lost = start + dispatched - count()
            teardown()
            return Outcome(lostUpdates: lost)
        })
}
