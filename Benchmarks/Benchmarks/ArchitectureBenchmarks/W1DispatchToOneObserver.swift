import Benchmark
import PrexCore
import ReactiveLite
import RxStateCore
import VueFluxCore

/// Workload 1: a counter increment dispatched to a store with one observer.
func registerDispatchToOneObserver() {
    let config = configuration(scaling: .kilo)

    Benchmark("W1.Baseline", configuration: config) { benchmark in
        let store = BaselineStore(state: BaselineCounter())
        _ = store.subscribe { blackHole($0.count) }
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            store.dispatch { $0.count += 1 }
        }
    }

    Benchmark("W1.PrexCore", configuration: config) { benchmark in
        let flux = Flux(state: PrexCounterState(), mutation: PrexCounterMutation())
        let listener = flux.store.addListener { change in blackHole(change.new.count) }
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            flux.dispatcher.dispatch(.increment)
        }
        benchmark.stopMeasurement()
        listener.cancel()
    }

    Benchmark("W1.VueFluxCore", configuration: config) { benchmark in
        let store = VueFluxCore.Store<VueFluxCounterState>(
            state: .init(), mutations: .init(), executor: .immediate)
        let observation = store.computed.count.observe { blackHole($0) }
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            store.actions.increment()
        }
        benchmark.stopMeasurement()
        observation.dispose()
    }

    Benchmark("W1.RxStateCore", configuration: config) { benchmark in
        let store = makeRxCounterStore()
        let observation = store.state.observe { blackHole($0.count) }
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            store.dispatch(action: RxCounterAction.increment)
        }
        benchmark.stopMeasurement()
        observation.dispose()
    }
}
