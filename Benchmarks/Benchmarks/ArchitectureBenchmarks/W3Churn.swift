import Benchmark
import PrexCore
import ReactiveLite
import RxStateCore
import VueFluxCore

/// Workload 3: subscribe and unsubscribe one observer on a store that already has 1,000. The
/// replaying architectures (VueFluxCore, RxStateCore) also deliver the current value to each new
/// observer, as their contract says; that delivery is part of what a subscription costs there.
func registerChurn() {
    let config = configuration(scaling: .kilo)
    let observers = Size.churnObservers

    Benchmark("W3.Baseline", configuration: config) { benchmark in
        let store = BaselineStore(state: BaselineCounter())
        for _ in 0..<observers { _ = store.subscribe { blackHole($0.count) } }
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            let id = store.subscribe { blackHole($0.count) }
            store.unsubscribe(id)
        }
    }

    Benchmark("W3.PrexCore", configuration: config) { benchmark in
        let flux = Flux(state: PrexCounterState(), mutation: PrexCounterMutation())
        let listeners = (0..<observers).map { _ in
            flux.store.addListener { change in blackHole(change.new.count) }
        }
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            let listener = flux.store.addListener { change in blackHole(change.new.count) }
            listener.cancel()
        }
        benchmark.stopMeasurement()
        for listener in listeners { listener.cancel() }
    }

    Benchmark("W3.VueFluxCore", configuration: config) { benchmark in
        let store = VueFluxCore.Store<VueFluxCounterState>(
            state: .init(), mutations: .init(), executor: .immediate)
        let scope = DisposableScope()
        for _ in 0..<observers { scope += store.computed.count.observe { blackHole($0) } }
        let signal = store.computed.count
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            signal.observe { blackHole($0) }.dispose()
        }
        benchmark.stopMeasurement()
        scope.dispose()
    }

    Benchmark("W3.RxStateCore", configuration: config) { benchmark in
        let store = makeRxCounterStore()
        let scope = DisposableScope()
        for _ in 0..<observers { scope += store.state.observe { blackHole($0.count) } }
        let signal = store.state
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            signal.observe { blackHole($0.count) }.dispose()
        }
        benchmark.stopMeasurement()
        scope.dispose()
    }
}
