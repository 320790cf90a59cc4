import Benchmark
import Dispatch
import PrexCore
import ReactiveLite
import RxStateCore
import VueFluxCore

/// Workload 5: two threads increment one counter at once. Each sample runs
/// `concurrentThreads x concurrentDispatchesPerThread` dispatches and checks the count afterwards: the
/// "Lost updates" metric is how many increments the store lost (the target is zero). Time is
/// reported per dispatch.
func registerConcurrentDispatch() {
    let perSample = Size.concurrentThreads * Size.concurrentDispatchesPerThread
    let lost = BenchmarkMetric.custom("Lost updates", polarity: .prefersSmaller, useScalingFactor: false)
    let config = configuration(scaling: .one, extra: [lost])

    /// Runs `dispatch` from the threads, then records the updates that went missing.
    func measure(_ benchmark: Benchmark, dispatch: @Sendable () -> Void, count: () -> Int) {
        for _ in benchmark.scaledIterations {
            let before = count()
            DispatchQueue.concurrentPerform(iterations: Size.concurrentThreads) { _ in
                for _ in 0..<Size.concurrentDispatchesPerThread {
                    dispatch()
                }
            }
            benchmark.measurement(lost, before + perSample - count())
        }
    }

    Benchmark("W5.Baseline", configuration: config) { benchmark in
        let store = BaselineStore(state: BaselineCounter())
        _ = store.subscribe { blackHole($0.count) }
        measure(benchmark, dispatch: { store.dispatch { $0.count += 1 } }, count: { store.state.count })
    }

    Benchmark("W5.PrexCore", configuration: config) { benchmark in
        let flux = Flux(state: PrexCounterState(), mutation: PrexCounterMutation())
        let listener = flux.store.addListener { change in blackHole(change.new.count) }
        measure(
            benchmark, dispatch: { flux.dispatcher.dispatch(.increment) }, count: { flux.store.state.count })
        listener.cancel()
    }

    Benchmark("W5.VueFluxCore", configuration: config) { benchmark in
        let store = VueFluxCore.Store<VueFluxCounterState>(
            state: .init(), mutations: .init(), executor: .immediate)
        let observation = store.computed.count.observe { blackHole($0) }
        let state = store.computed.state
        measure(benchmark, dispatch: { store.actions.increment() }, count: { state.count.value })
        observation.dispose()
    }

    Benchmark("W5.RxStateCore", configuration: config) { benchmark in
        let store = makeRxCounterStore()
        let observation = store.state.observe { blackHole($0.count) }
        measure(
            benchmark, dispatch: { store.dispatch(action: RxCounterAction.increment) },
            count: { store.substate(RxCounterState.self)?.count ?? 0 })
        observation.dispose()
    }
}
