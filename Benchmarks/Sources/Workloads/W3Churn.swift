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
                        let problem = replayProblem(signal)
                        scope.dispose()
                        // Kept alive by this closure for the whole loop: the signal holds the store weakly.
                        withExtendedLifetime(store) {}
                        return Outcome(problem: problem)
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
                        let problem = replayProblem(signal)
                        scope.dispose()
                        // Kept alive by this closure for the whole loop: the signal holds the store
                        // weakly, and a signal of a deallocated store observes nothing.
                        withExtendedLifetime(store) {}
                        return Outcome(problem: problem)
                    })
            }),
    ]
}()

/// `nil` if a new observer of `signal` is given the current value at once (the replay the loop
/// measures); otherwise what went wrong.
private func replayProblem<Value: Sendable>(_ signal: Signal<Value>) -> String? {
    let delivered = Variable(0)
    signal.observe { _ in delivered.value += 1 }.dispose()
    return delivered.value == 1 ? nil : "a new observer was given \(delivered.value) values at once, not 1"
}
