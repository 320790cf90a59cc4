import PrexCore
import RxStateCore
import VueFluxCore

/// Workload 1, forwarded: the dispatch an app makes from inside another store's delivery. Store A's
/// observer dispatches one increment into store B for every change it sees, and B has one
/// observer; one operation is a dispatch into A, so it pays for two dispatches, the second from
/// inside A's turn (the kernel's nested path: B's turn is free, so the calling thread takes it).
let dispatchForwarded: [Case] = [
    Case(
        "W1", "Baseline+Forwarded", callgrindIterations: 10_000,
        body: .anyThread {
            let a = BaselineStore(state: BaselineCounter())
            let b = BaselineStore(state: BaselineCounter())
            _ = a.subscribe { _ in b.dispatch { $0.count += 1 } }
            _ = b.subscribe { blackHole($0.count) }
            return Loop(run: { count in
                for _ in 0..<count {
                    a.dispatch { $0.count += 1 }
                }
            })
        }),
    Case(
        "W1", "PrexCore+Forwarded", callgrindIterations: 10_000,
        body: .anyThread {
            let a = Flux(state: PrexCounterState(), mutation: PrexCounterMutation())
            let b = Flux(state: PrexCounterState(), mutation: PrexCounterMutation())
            let forward = a.store.addListener { _ in b.dispatcher.dispatch(.increment) }
            let listener = b.store.addListener { change in blackHole(change.new.count) }
            return Loop(
                run: { count in
                    for _ in 0..<count {
                        a.dispatcher.dispatch(.increment)
                    }
                },
                finish: {
                    forward.cancel()
                    listener.cancel()
                    return Outcome()
                })
        }),
    Case(
        "W1", "VueFluxCore+Forwarded", callgrindIterations: 10_000,
        body: .anyThread {
            let a = VueFluxCore.Store<VueFluxCounterState>(
                state: .init(), mutations: .init(), executor: .immediate)
            let b = VueFluxCore.Store<VueFluxCounterState>(
                state: .init(), mutations: .init(), executor: .immediate)
            let forward = a.computed.count.observe { _ in b.actions.increment() }
            let observation = b.computed.count.observe { blackHole($0) }
            return Loop(
                run: { count in
                    for _ in 0..<count {
                        a.actions.increment()
                    }
                },
                finish: {
                    forward.dispose()
                    observation.dispose()
                    return Outcome()
                })
        }),
    Case(
        "W1", "RxStateCore+Forwarded", callgrindIterations: 10_000,
        body: .anyThread {
            let a = makeRxCounterStore()
            let b = makeRxCounterStore()
            let forward = a.state.observe { _ in b.dispatch(action: RxCounterAction.increment) }
            let observation = b.state.observe { blackHole($0.count) }
            return Loop(
                run: { count in
                    for _ in 0..<count {
                        a.dispatch(action: RxCounterAction.increment)
                    }
                },
                finish: {
                    forward.dispose()
                    observation.dispose()
                    return Outcome()
                })
        }),
]
