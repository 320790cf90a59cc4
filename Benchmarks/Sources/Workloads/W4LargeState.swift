import PrexCore
import ReactiveLite
import RxStateCore
import VueFluxCore

/// Workload 4: a state holding a list of 10,000 or more integers, one append per dispatch, one
/// observer. Cheap only when the store mutates uniquely held storage in place; a store that keeps
/// the old state (or hands out copies) pays a full copy of the list per action.
let largeState: [Case] = {
    let size = Size.largeState
    return [
        Case(
            "W4", "Baseline", callgrindIterations: 20_000,
            body: .anyThread { largeStateOnBaseline(size: size) }),
        Case(
            "W4", "PrexCore", callgrindIterations: 500,
            body: .anyThread { largeStateOnPrex(size: size, inPlace: false) }),
        Case(
            "W4", "PrexCore+InPlace", callgrindIterations: 10_000,
            body: .anyThread { largeStateOnPrex(size: size, inPlace: true) }),
        Case(
            "W4", "VueFluxCore", callgrindIterations: 500,
            body: .anyThread { largeStateOnVueFlux(size: size) }),
        Case(
            "W4", "VueFluxCore+InPlace", callgrindIterations: 10_000,
            body: .anyThread { largeStateOnVueFluxInPlace(size: size) }),
        Case(
            "W4", "RxStateCore", callgrindIterations: 10_000,
            body: .anyThread { largeStateOnRxState(size: size) }),
    ]
}()

/// W4 on the baseline with a list of `size` elements to start with (also the state-size curve's,
/// Curves.swift): one observer, one append of 1, 2, 3... per iteration.
func largeStateOnBaseline(size: Int) -> Loop {
    let store = BaselineStore(state: BaselineList(size: size))
    _ = store.subscribe { blackHole($0.items.count) }
    var value = 0
    return Loop(run: { count in
        for _ in 0..<count {
            value &+= 1
            store.dispatch { $0.items.appendBounded(value, size: size) }
        }
    })
}

/// W4 on PrexCore: `Flux(state:mutation:)`, or with `inPlace` the opt-in
/// `Flux(mutatingInPlace:mutation:)`; one listener, one append per iteration.
func largeStateOnPrex(size: Int, inPlace: Bool) -> Loop {
    let flux =
        inPlace
        ? Flux(mutatingInPlace: PrexListState(size: size), mutation: PrexListMutation())
        : Flux(state: PrexListState(size: size), mutation: PrexListMutation())
    let listener = flux.store.addListener { change in blackHole(change.new.items.count) }
    var value = 0
    return Loop(
        run: { count in
            for _ in 0..<count {
                value &+= 1
                flux.dispatcher.dispatch(.append(value))
            }
        },
        finish: {
            listener.cancel()
            return Outcome()
        })
}

/// W4 on VueFluxCore, the mutation writing `state.items.value` (a copy per action); one observer,
/// one append per iteration.
func largeStateOnVueFlux(size: Int) -> Loop {
    let store = VueFluxCore.Store<VueFluxListState>(
        state: .init(size: size), mutations: .init(), executor: .immediate)
    let observation = store.computed.items.observe { blackHole($0.count) }
    var value = 0
    return Loop(
        run: { count in
            for _ in 0..<count {
                value &+= 1
                store.actions.dispatch(action: .append(value))
            }
        },
        finish: {
            observation.dispose()
            return Outcome()
        })
}

/// W4 on VueFluxCore through the in-place opt-in `Variable.append(_:)`; one observer, one append
/// per iteration.
func largeStateOnVueFluxInPlace(size: Int) -> Loop {
    let store = VueFluxCore.Store<VueFluxInPlaceListState>(
        state: .init(size: size), mutations: .init(), executor: .immediate)
    let observation = store.computed.items.observe { blackHole($0.count) }
    var value = 0
    return Loop(
        run: { count in
            for _ in 0..<count {
                value &+= 1
                store.actions.dispatch(action: .append(value))
            }
        },
        finish: {
            observation.dispose()
            return Outcome()
        })
}

/// W4 on RxStateCore: the typed reducer appends to the substate in place; one observer, one append
/// per iteration.
func largeStateOnRxState(size: Int) -> Loop {
    let store = makeRxListStore(size: size)
    let observation = store.state.observe { blackHole($0.count) }
    var value = 0
    return Loop(
        run: { count in
            for _ in 0..<count {
                value &+= 1
                store.dispatch(action: RxListAction.append(value))
            }
        },
        finish: {
            observation.dispose()
            return Outcome()
        })
}
