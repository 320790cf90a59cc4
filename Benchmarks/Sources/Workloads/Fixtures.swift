import PrexCore
import ReactiveLite
import RxStateCore
import VueFluxCore

// The same two states (a counter, a large list) in each architecture, written as its users would.

extension Array where Element == Int {
    /// Appends, and drops the newest 10,000 once there are 20,000, so a long benchmark run keeps a
    /// list of 10,000 to 20,000 elements. Dropping the tail is O(1) for `Int`, so the cost measured is
    /// the append, plus a full copy when the storage is not uniquely held.
    mutating func appendBounded(_ value: Int) {
        append(value)
        if count >= 20_000 {
            removeLast(10_000)
        }
    }
}

let largeListSeed = Array(0..<10_000)

// MARK: - Baseline

struct BaselineCounter: Sendable {
    var count = 0
}

struct BaselineList: Sendable {
    var items = largeListSeed
}

// MARK: - PrexCore

struct PrexCounterState: PrexCore.State {
    var count = 0
}

enum PrexCounterAction: PrexCore.Action {
    case increment
}

struct PrexCounterMutation: PrexCore.Mutation {
    func mutate(action: PrexCounterAction, state: inout PrexCounterState) {
        switch action {
        case .increment: state.count += 1
        }
    }
}

struct PrexListState: PrexCore.State {
    var items = largeListSeed
}

enum PrexListAction: PrexCore.Action {
    case append(Int)
}

struct PrexListMutation: PrexCore.Mutation {
    func mutate(action: PrexListAction, state: inout PrexListState) {
        switch action {
        case .append(let value): state.items.appendBounded(value)
        }
    }
}

// MARK: - VueFluxCore

enum VueFluxCounterAction: Sendable {
    case increment
}

final class VueFluxCounterState: VueFluxCore.State {
    typealias Action = VueFluxCounterAction
    typealias Mutations = VueFluxCounterMutations

    let count = Variable(0)
}

struct VueFluxCounterMutations: VueFluxCore.Mutations {
    func commit(action: VueFluxCounterAction, state: VueFluxCounterState) {
        switch action {
        case .increment: state.count.value += 1
        }
    }
}

extension Actions where State == VueFluxCounterState {
    func increment() {
        dispatch(action: .increment)
    }
}

extension Computed where State == VueFluxCounterState {
    var count: Signal<Int> {
        state.count.signal
    }
}

enum VueFluxListAction: Sendable {
    case append(Int)
}

final class VueFluxListState: VueFluxCore.State {
    typealias Action = VueFluxListAction
    typealias Mutations = VueFluxListMutations

    let items = Variable(largeListSeed)
}

struct VueFluxListMutations: VueFluxCore.Mutations {
    func commit(action: VueFluxListAction, state: VueFluxListState) {
        switch action {
        case .append(let value): state.items.value.appendBounded(value)
        }
    }
}

extension Computed where State == VueFluxListState {
    var items: Signal<[Int]> {
        state.items.signal
    }
}

/// The same list, changed through `Variable.append(_:)`: the variable appends to the array it
/// holds alone, in place. Only the trim, once per 10,000 appends, reads the array out and writes
/// it back.
final class VueFluxInPlaceListState: VueFluxCore.State {
    typealias Action = VueFluxListAction
    typealias Mutations = VueFluxInPlaceListMutations

    let items = Variable(largeListSeed)
}

struct VueFluxInPlaceListMutations: VueFluxCore.Mutations {
    func commit(action: VueFluxListAction, state: VueFluxInPlaceListState) {
        switch action {
        case .append(let value):
            state.items.append(value)
            // The benchmark appends 1, 2, 3...: every 10,000th append the list holds 20,000, and the
            // newest 10,000 are dropped, as `appendBounded` does (one copy per 10,000 appends).
            if value % 10_000 == 0 {
                state.items.value.removeLast(10_000)
            }
        }
    }
}

extension Computed where State == VueFluxInPlaceListState {
    var items: Signal<[Int]> {
        state.items.signal
    }
}

// MARK: - RxStateCore

struct RxCounterState: SubstateType, Equatable {
    var count = 0
}

enum RxCounterAction: ActionType {
    case increment
}

struct RxListState: SubstateType {
    var items = largeListSeed
}

enum RxListAction: ActionType {
    case append(Int)
}

func makeRxCounterStore() -> RxStateCore.Store {
    let store = RxStateCore.Store()
    store.register(RxCounterState.self, for: RxCounterAction.self) { state, action in
        switch action {
        case .increment: state.count += 1
        }
    }
    store.dispatch(action: StoreAction.add(states: [RxCounterState()]))
    return store
}

func makeRxListStore() -> RxStateCore.Store {
    let store = RxStateCore.Store()
    store.register(RxListState.self, for: RxListAction.self) { state, action in
        switch action {
        case .append(let value): state.items.appendBounded(value)
        }
    }
    store.dispatch(action: StoreAction.add(states: [RxListState()]))
    return store
}

/// Workload sizes, shared by every architecture.
enum Size {
    static let fanOutObservers = 1_000
    static let churnObservers = 1_000
    static let concurrentThreads = 2
    static let concurrentDispatchesPerThread = 5_000
    /// Workload 7: observers of each of the app's 4 features (session, repositories, settings,
    /// navigation), as that many screens would observe them.
    static let appObserversPerFeature = 100
    /// Workload 8: features in the state, each with one observer.
    static let manyFeatures = 100
}

/// A passive Prex view that counts the changes it was shown.
@MainActor
final class CountingView: View {
    var reflections = 0

    func reflect(change: StateChange<PrexCounterState>) {
        reflections += 1
        blackHole(change.new.count)
    }
}

/// The README's `MainReducer` shape for the counter: cast the action, find the substate by a scan
/// of the state, reduce it, write it back.
let rxCounterMainReducer: MainReducer = { (state: [SubstateType], action: ActionType) -> [SubstateType] in
    var state: [SubstateType] = state
    switch action {
    case let action as RxCounterAction:
        guard
            var (index, counter) =
                state
                .enumerated()
                .first(where: { (_, substate: SubstateType) -> Bool in
                    substate is RxCounterState
                }) as? (Int, RxCounterState)
        else {
            return state
        }
        switch action {
        case .increment: counter.count += 1
        }
        state[index] = counter as SubstateType
    default:
        break
    }
    return state
}
