import ReactiveLite
import TestSupport
import Testing

@testable import RxStateCore

/// Typed reducers mutate the substate in place: a large array is not copied per action.
@Suite struct InPlaceTests {
    struct LargeState: SubstateType {
        var items: [Int]
    }

    enum LargeAction: ActionType {
        case append(Int)
    }

    /// A store of one large substate whose reducer records the address of the array's buffer after
    /// each append; a copy would move it.
    static func largeStore(addresses: Recorder<Int>) -> Store {
        let store = Store()
        store.register(LargeState.self, for: LargeAction.self) { state, action in
            guard case .append(let value) = action else { return }
            state.items.append(value)
            addresses.append(state.items.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) })
        }
        var items = Array(0..<10_000)
        items.reserveCapacity(20_000)
        store.dispatch(action: StoreAction.add(states: [LargeState(items: items)]))
        items = []
        return store
    }

    /// The buffer addresses after 200 appends.
    static func bufferAddresses(observing: Bool) -> Set<Int> {
        let addresses = Recorder<Int>()
        let store = largeStore(addresses: addresses)
        let scope = DisposableScope()
        if observing {
            // An observer that reads the state but keeps nothing does not force a copy either.
            scope += store.state.observe { state in _ = state.count }
        }
        for value in 0..<200 {
            store.dispatch(action: LargeAction.append(value))
        }
        #expect(store.substate(LargeState.self)?.items.count == 10_200)
        return Set(addresses.values)
    }

    @Test func appendingToALargeSubstateDoesNotCopyIt() {
        #expect(Self.bufferAddresses(observing: false).count == 1)
        #expect(Self.bufferAddresses(observing: true).count == 1)
    }

    /// A new observer that dispatches from its replay (on an idle store, the subscription's direct
    /// path): the action is reduced once the replay returns, in place, so the replay must not keep
    /// the state it was given until the turn ends.
    @Test func anActionDispatchedFromAReplayIsReducedInPlace() {
        let addresses = Recorder<Int>()
        let store = Self.largeStore(addresses: addresses)
        store.dispatch(action: LargeAction.append(-1))
        let replayed = Box(false)
        let scope = DisposableScope()
        scope += store.state.observe { [weak store] _ in
            let isReplay = replayed.modify { seen -> Bool in
                defer { seen = true }
                return !seen
            }
            if isReplay { store?.dispatch(action: LargeAction.append(0)) }
        }
        store.dispatch(action: LargeAction.append(1))
        #expect(store.substate(LargeState.self)?.items.count == 10_003)
        #expect(Set(addresses.values).count == 1)
        scope.dispose()
    }

    @Test func aKeptStateIsNotChangedByLaterActions() {
        let store = makeStore()
        store.dispatch(action: TasksAction.add("a"))
        let kept = store.currentState
        store.dispatch(action: TasksAction.add("b"))
        #expect(kept.compactMap { $0 as? TasksState }.first?.tasks == ["a"])
        #expect(store.substate(TasksState.self)?.tasks == ["a", "b"])
    }
}
