import Benchmark
import PrexCore
import ReactiveLite
import RxStateCore
import VueFluxCore

/// Workload 2: one dispatch notifying 1,000 observers. The report divides by the observer count to
/// give the cost per notification.
func registerFanOut() {
    let config = configuration(scaling: .one)
    let observers = Size.fanOutObservers

    Benchmark("W2.Baseline", configuration: config) { benchmark in
        let store = BaselineStore(state: BaselineCounter())
        for _ in 0..<observers { _ = store.subscribe { blackHole($0.count) } }
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            store.dispatch { $0.count += 1 }
        }
    }

    Benchmark("W2.PrexCore", configuration: config) { benchmark in
        let flux = Flux(state: PrexCounterState(), mutation: PrexCounterMutation())
        let listeners = (0..<observers).map { _ in
            flux.store.addListener { change in blackHole(change.new.count) }
        }
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            flux.dispatcher.dispatch(.increment)
        }
        benchmark.stopMeasurement()
        for listener in listeners { listener.cancel() }
    }

    Benchmark("W2.VueFluxCore", configuration: config) { benchmark in
        let store = VueFluxCore.Store<VueFluxCounterState>(
            state: .init(), mutations: .init(), executor: .immediate)
        let scope = DisposableScope()
        for _ in 0..<observers { scope += store.computed.count.observe { blackHole($0) } }
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            store.actions.increment()
        }
        benchmark.stopMeasurement()
        scope.dispose()
    }

    Benchmark("W2.RxStateCore", configuration: config) { benchmark in
        let store = makeRxCounterStore()
        let scope = DisposableScope()
        for _ in 0..<observers { scope += store.state.observe { blackHole($0.count) } }
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            store.dispatch(action: RxCounterAction.increment)
        }
        benchmark.stopMeasurement()
        scope.dispose()
    }
}
