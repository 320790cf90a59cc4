import PrexCore
import ReactiveLite
import RxStateCore
import VueFluxCore

/// Workload 3: subscribe and unsubscribe one observer on a store that already has 1,000. The
/// replaying architectures (VueFluxCore, RxStateCore) also deliver the current value to each new
/// observer, as their contract says; that delivery is part of what a subscription costs there.
let churn: [Case] = {
    let observers = Size.churnObservers
    return [
        Case(
            "W3", "Baseline", callgrindIterations: 10_000,
            body: .anyThread {
                let store = BaselineStore(state: BaselineCounter())
                for _ in 0..<observers { _ = store.subscribe { blackHole($0.count) } }
                return Loop(run: { count in
                    for _ in 0..<count {
                        store.subscribe { blackHole($0.count) }.cancel()
                    }
                })
            }),
        Case(
            "W3", "PrexCore", callgrindIterations: 5_000,
            body: .anyThread {
                let flux = Flux(state: PrexCounterState(), mutation: PrexCounterMutation())
                let listeners = (0..<observers).map { _ in
                    flux.store.addListener { change in blackHole(change.new.count) }
                }
                return Loop(
                    run: { count in
                        for _ in 0..<count {
                            let listener = flux.store.addListener { change in blackHole(change.new.count) }
                            listener.cancel()
                        }
                    },
                    finish: {
                        for listener in listeners { listener.cancel() }
                        return Outcome()
                    })
            }),
        Case(
            "W3", "VueFluxCore", callgrindIterations: 5_000,
            body: .anyThread {
                let store = VueFluxCore.Store<VueFluxCounterState>(
                    state: .init(), mutations: .init(), executor: .immediate)
                let scope = DisposableScope()
                for _ in 0..<observers { scope += store.computed.count.observe { blackHole($0) } }
                let signal = store.computed.count
                return Loop(
                    run: { count in
                        for _ in 0..<count {
                            signal.observe { blackHole($0) }.dispose()
                        }
                    },
                    finish: {
                        scope.dispose()
                        return Outcome()
                    })
            }),
        Case(
            "W3", "RxStateCore", callgrindIterations: 2_000,
            body: .anyThread {
                let store = makeRxCounterStore()
                let scope = DisposableScope()
                for _ in 0..<observers { scope += store.state.observe { blackHole($0.count) } }
                let signal = store.state
                return Loop(
                    run: { count in
                        for _ in 0..<count {
                            signal.observe { blackHole($0.count) }.dispose()
                        }
                    },
                    finish: {
                        scope.dispose()
                        return Outcome()
                    })
            }),
    ]
}()
