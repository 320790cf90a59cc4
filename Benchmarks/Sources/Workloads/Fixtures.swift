import PrexCore
import ReactiveLite
import RxStateCore
import VueFluxCore

// The same two states (a counter, a large list) in each architecture, written as its users would.

extension Array where Element == Int {
    /// Appends, and drops the newest `size` once there are twice as many, so a long benchmark run
    /// keeps a list of `size` to 2 x `size` elements (W4: 10,000 to 20,000). Dropping the tail is
    /// O(1) for `Int`, so the cost measured is the append, plus a full copy when the storage is not
    /// uniquely held.
    mutating func appendBounded(_ value: Int, size: Int = Size.largeState) {
        append(value)
        if count >= 2 * size {
            removeLast(size)
        }
    }
}

let largeListSeed = Array(0..<Size.largeState)

// MARK: - Baseline

struct BaselineCounter: Sendable {
    var count = 0
}

/// W4's list state on the baseline: `size` elements to start with (W4: 10,000; the state-size curve
/// varies it), kept between `size` and 2 x `size` by the appends.
struct BaselineList: Sendable {
    var items: [Int]
    let size: Int

    init(size: Int = Size.largeState) {
        items = size == Size.largeState ? largeListSeed : Array(0..<size)
        self.size = size
    }
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

/// W4's list state on PrexCore, of `size` elements to start with (as `BaselineList`).
struct PrexListState: PrexCore.State {
    var items: [Int]
    let size: Int

    init(size: Int = Size.largeState) {
        items = size == Size.largeState ? largeListSeed : Array(0..<size)
        self.size = size
    }
}

enum PrexListAction: PrexCore.Action {
    case append(Int)
}

struct PrexListMutation: PrexCore.Mutation {
    func mutate(action: PrexListAction, state: inout PrexListState) {
        switch action {
        case .append(let value): state.items.appendBounded(value, size: state.size)
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

/// W4's list state on VueFluxCore, of `size` elements to start with (as `BaselineList`).
final class VueFluxListState: VueFluxCore.State {
    typealias Action = VueFluxListAction
    typealias Mutations = VueFluxListMutations

    let items: Variable<[Int]>
    let size: Int

    init(size: Int = Size.largeState) {
        items = Variable(size == Size.largeState ? largeListSeed : Array(0..<size))
        self.size = size
    }
}

struct VueFluxListMutations: VueFluxCore.Mutations {
    func commit(action: VueFluxListAction, state: VueFluxListState) {
        switch action {
        case .append(let value): state.items.value.appendBounded(value, size: state.size)
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

    let items: Variable<[Int]>
    let size: Int

    /// `size` elements to start with (as `BaselineList`).
    init(size: Int = Size.largeState) {
        items = Variable(size == Size.largeState ? largeListSeed : Array(0..<size))
        self.size = size
    }
}

struct VueFluxInPlaceListMutations: VueFluxCore.Mutations {
    func commit(action: VueFluxListAction, state: VueFluxInPlaceListState) {
        switch action {
        case .append(let value):
            state.items.append(value)
            // The benchmark appends 1, 2, 3...: every `size`th append the list holds 2 x `size`, and
            // the newest `size` are dropped, as `appendBounded` does (one copy per `size` appends).
            if value % state.size == 0 {
                state.items.value.removeLast(state.size)
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

/// W4's list substate on RxStateCore, of `size` elements to start with (as `BaselineList`).
struct RxListState: SubstateType {
    var items: [Int]
    let size: Int

    init(size: Int = Size.largeState) {
        items = size == Size.largeState ? largeListSeed : Array(0..<size)
        self.size = size
    }
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

/// W4's store on RxStateCore: the list substate of `size` elements and its typed reducer.
func makeRxListStore(size: Int = Size.largeState) -> RxStateCore.Store {
    let store = RxStateCore.Store()
    store.register(RxListState.self, for: RxListAction.self) { state, action in
        switch action {
        case .append(let value): state.items.appendBounded(value, size: state.size)
        }
    }
    store.dispatch(action: StoreAction.add(states: [RxListState(size: size)]))
    return store
}

/// Workload sizes, shared by every architecture.
enum Size {
    static let fanOutObservers = 1_000
    static let churnObservers = 1_000
    /// Workload 4: elements in the list to start with (it grows to twice as many, then is trimmed).
    static let largeState = 10_000
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
