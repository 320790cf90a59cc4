import PrexCore
import ReactiveLite
import RxStateCore
import VueFluxCore

/// Workload 8: a state of 100 features, each with one observer; one operation is one action to one
/// feature (the features take turns), delivered to whichever observers the architecture calls. Each
/// architecture holds the features as its apps do: a state struct of feature states in one store
/// (baseline, Prex: here an array of 100 feature structs, the shape one type can have), a store per
/// feature (VueFlux, W1's counter store 100 times), a substate per feature with its own reducer and
/// action type (RxState: 100 concrete types, `Feature0` to `Feature99`, as an app declares them).
let manyFeatures: [Case] = {
    let features = Size.manyFeatures
    return [
        Case(
            "W8", "Baseline", iterationsPerSample: 1, callgrindIterations: 500,
            body: .anyThread { manyFeaturesOnBaseline(features: features) }),
        Case(
            "W8", "PrexCore", iterationsPerSample: 1, callgrindIterations: 500,
            body: .anyThread { manyFeaturesOnPrex(features: features) }),
        Case(
            "W8", "VueFluxCore", iterationsPerSample: 1, callgrindIterations: 2_000,
            body: .anyThread { manyFeaturesOnVueFlux(features: features) }),
        Case(
            "W8", "RxStateCore", iterationsPerSample: 1, callgrindIterations: 20,
            body: .anyThread { manyFeaturesOnRxState(features: features) }),
    ]
}()

/// W8 on the baseline with `features` features (also the features curve's, Curves.swift): one
/// state struct of feature structs, one observer per feature, one increment to one feature per
/// iteration, the features in turn.
func manyFeaturesOnBaseline(features: Int) -> Loop {
    let store = BaselineStore(state: ManyFeatures.BaselineState(features: features))
    for feature in 0..<features {
        _ = store.subscribe { blackHole($0.features[feature].count) }
    }
    var dispatched = 0
    return Loop(
        run: { count in
            for _ in 0..<count {
                let feature = dispatched % features
                store.dispatch { $0.features[feature].count += 1 }
                dispatched += 1
            }
        },
        finish: {
            Outcome(
                problem: ManyFeatures.countProblem(
                    store.state.features.map(\.count), dispatched: dispatched))
        })
}

/// W8 on PrexCore: one flux whose state holds `features` feature structs, one listener per
/// feature, one feature mutation per iteration.
func manyFeaturesOnPrex(features: Int) -> Loop {
    let flux = Flux(state: ManyFeatures.PrexState(features: features), mutation: ManyFeatures.PrexMutation())
    let listeners = (0..<features).map { feature in
        flux.store.addListener { blackHole($0.new.features[feature].count) }
    }
    var dispatched = 0
    return Loop(
        run: { count in
            for _ in 0..<count {
                flux.dispatcher.dispatch(.increment(feature: dispatched % features))
                dispatched += 1
            }
        },
        finish: {
            for listener in listeners { listener.cancel() }
            return Outcome(
                problem: ManyFeatures.countProblem(
                    flux.store.state.features.map(\.count), dispatched: dispatched))
        })
}

/// W8 on VueFluxCore: `features` stores (W1's counter store), one observer each, one action to one
/// store per iteration.
func manyFeaturesOnVueFlux(features: Int) -> Loop {
    let stores = (0..<features).map { _ in
        VueFluxCore.Store<VueFluxCounterState>(
            state: .init(), mutations: .init(), executor: .immediate)
    }
    let scope = DisposableScope()
    for store in stores { scope += store.computed.count.observe { blackHole($0) } }
    var dispatched = 0
    return Loop(
        run: { count in
            for _ in 0..<count {
                stores[dispatched % features].actions.increment()
                dispatched += 1
            }
        },
        finish: {
            scope.dispose()
            // The computed signal replays: its current value is the store's count.
            let counts = stores.map { store in
                let seen = ManyFeatures.Seen()
                store.computed.count.observe { seen.value = $0 }.dispose()
                return seen.value
            }
            return Outcome(problem: ManyFeatures.countProblem(counts, dispatched: dispatched))
        })
}

/// W8 on RxStateCore: one store of `features` substates (concrete types, at most
/// `ManyFeatures.allRxFeatures.count`), each with its typed reducer and one `substateSignal`
/// observer; one action to one feature per iteration.
func manyFeaturesOnRxState(features: Int) -> Loop {
    let kits = ManyFeatures.rxFeatures(features)
    precondition(kits.count == features, "only \(kits.count) RxState feature types")
    let store = RxStateCore.Store()
    for kit in kits { kit.register(store) }
    store.dispatch(action: StoreAction.add(states: kits.map(\.initial)))
    let scope = DisposableScope()
    for kit in kits { scope += kit.observe(store) }
    var dispatched = 0
    return Loop(
        run: { count in
            for _ in 0..<count {
                kits[dispatched % features].dispatch(store)
                dispatched += 1
            }
        },
        finish: {
            scope.dispose()
            return Outcome(
                problem: ManyFeatures.countProblem(
                    kits.map { $0.count(store) }, dispatched: dispatched))
        })
}

/// Workload 8's states.
enum ManyFeatures {
    struct Feature: Equatable, Sendable {
        var count = 0
    }

    /// The baseline's state: `features` feature structs (W8: 100).
    struct BaselineState: Sendable {
        var features: [Feature]

        init(features: Int = Size.manyFeatures) {
            self.features = Array(repeating: Feature(), count: features)
        }
    }

    /// Prex's state: `features` feature structs (W8: 100).
    struct PrexState: PrexCore.State {
        var features: [Feature]

        init(features: Int = Size.manyFeatures) {
            self.features = Array(repeating: Feature(), count: features)
        }
    }

    enum PrexAction: PrexCore.Action {
        case increment(feature: Int)
    }

    struct PrexMutation: PrexCore.Mutation {
        func mutate(action: PrexAction, state: inout PrexState) {
            switch action {
            case .increment(let feature): state.features[feature].count += 1
            }
        }
    }

    /// What the workload does with one RxState feature, whose types the closures know (the 100
    /// feature types are in W8Features.swift).
    struct RxFeature: Sendable {
        let initial: any SubstateType
        let register: @Sendable (RxStateCore.Store) -> Void
        let observe: @Sendable (RxStateCore.Store) -> any Disposable
        let dispatch: @Sendable (RxStateCore.Store) -> Void
        let count: @Sendable (RxStateCore.Store) -> Int
    }

    /// A count read back through a replaying signal, on the caller's thread (an immediate store).
    final class Seen: @unchecked Sendable {
        var value = -1
    }

    /// Whether the features' counts add up to the dispatches, taken in turn; a message when not.
    static func countProblem(_ counts: [Int], dispatched: Int) -> String? {
        let expected = counts.indices.map {
            dispatched / counts.count + ($0 < dispatched % counts.count ? 1 : 0)
        }
        return counts == expected ? nil : "the features counted \(counts), not \(expected)"
    }
}
