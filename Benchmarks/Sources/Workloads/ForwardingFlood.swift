import PrexCore
import RxStateCore
import VueFluxCore

// The forwarding flood's subjects (run by `flood` in Flood.swift): two counter stores per
// architecture, A and B, where A's observer dispatches one increment into B for every change it sees.
// The flooder dispatches into A, the victim into B, and the counting observer is B's.

/// The forwarding subjects, named "<architecture>+Forwarding".
let forwardingFloodSubjects: [FloodSubject] = [
    FloodSubject(
        forwarding: "Baseline+Forwarding",
        flood: { baselineForwardA.dispatch { $0.count += 1 } },
        victim: { baselineForwardB.dispatch { $0.count += 1 } },
        subscribe: { observer in
            let forward = baselineForwardA.subscribe { _ in baselineForwardB.dispatch { $0.count += 1 } }
            let count = baselineForwardB.subscribe { _ in observer() }
            return Keep((forward, count))
        }),
    FloodSubject(
        forwarding: "PrexCore+Forwarding",
        flood: { prexForwardA.dispatcher.dispatch(.increment) },
        victim: { prexForwardB.dispatcher.dispatch(.increment) },
        subscribe: { observer in
            let forward = prexForwardA.store.addListener { _ in prexForwardB.dispatcher.dispatch(.increment) }
            let count = prexForwardB.store.addListener { _ in observer() }
            return Keep((forward, count))
        }),
    FloodSubject(
        forwarding: "VueFluxCore+Forwarding",
        flood: { vueFluxForwardA.actions.increment() },
        victim: { vueFluxForwardB.actions.increment() },
        subscribe: { observer in
            let forward = vueFluxForwardA.computed.count.observe { _ in vueFluxForwardB.actions.increment() }
            let count = vueFluxForwardB.computed.count.observe { _ in observer() }
            return Keep((forward, count))
        }),
    FloodSubject(
        forwarding: "RxStateCore+Forwarding",
        flood: { rxForwardA.dispatch(action: RxCounterAction.increment) },
        victim: { rxForwardB.dispatch(action: RxCounterAction.increment) },
        subscribe: { observer in
            let forward = rxForwardA.state.observe { _ in
                rxForwardB.dispatch(action: RxCounterAction.increment)
            }
            let count = rxForwardB.state.observe { _ in observer() }
            return Keep((forward, count))
        }),
]

private let baselineForwardA = BaselineStore(state: BaselineCounter())
private let baselineForwardB = BaselineStore(state: BaselineCounter())
private let prexForwardA = Flux(state: PrexCounterState(), mutation: PrexCounterMutation())
private let prexForwardB = Flux(state: PrexCounterState(), mutation: PrexCounterMutation())
private let vueFluxForwardA = VueFluxCore.Store<VueFluxCounterState>(
    state: .init(), mutations: .init(), executor: .immediate)
private let vueFluxForwardB = VueFluxCore.Store<VueFluxCounterState>(
    state: .init(), mutations: .init(), executor: .immediate)
private let rxForwardA = makeRxCounterStore()
private let rxForwardB = makeRxCounterStore()
