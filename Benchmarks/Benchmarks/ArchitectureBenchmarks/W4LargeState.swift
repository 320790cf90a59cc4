import Benchmark
import PrexCore
import ReactiveLite
import RxStateCore
import VueFluxCore

/// Workload 4: a state holding a list of 10,000 or more integers, one append per dispatch, one
/// observer. Cheap only when the store mutates uniquely held storage in place; a store that keeps
/// the old state (or hands out copies) pays a full copy of the list per action.
func registerLargeState() {
    let config = configuration(scaling: .kilo)

    Benchmark("W4.Baseline", configuration: config) { benchmark in
        let store = BaselineStore(state: BaselineList())
        _ = store.subscribe { blackHole($0.items.count) }
        benchmark.startMeasurement()
        for value in benchmark.scaledIterations {
            store.dispatch { $0.items.appendBounded(value) }
        }
    }

    Benchmark("W4.PrexCore", configuration: config) { benchmark in
        let flux = Flux(state: PrexListState(), mutation: PrexListMutation())
        let listener = flux.store.addListener { change in blackHole(change.new.items.count) }
        benchmark.startMeasurement()
        for value in benchmark.scaledIterations {
            flux.dispatcher.dispatch(.append(value))
        }
        benchmark.stopMeasurement()
        listener.cancel()
    }

    Benchmark("W4.VueFluxCore", configuration: config) { benchmark in
        let store = VueFluxCore.Store<VueFluxListState>(
            state: .init(), mutations: .init(), executor: .immediate)
        let observation = store.computed.items.observe { blackHole($0.count) }
        benchmark.startMeasurement()
        for value in benchmark.scaledIterations {
            store.actions.dispatch(action: .append(value))
        }
        benchmark.stopMeasurement()
        observation.dispose()
    }

    Benchmark("W4.RxStateCore", configuration: config) { benchmark in
        let store = makeRxListStore()
        let observation = store.state.observe { blackHole($0.count) }
        benchmark.startMeasurement()
        for value in benchmark.scaledIterations {
            store.dispatch(action: RxListAction.append(value))
        }
        benchmark.stopMeasurement()
        observation.dispose()
    }
}
