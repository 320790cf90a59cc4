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

    /// The address of the array's buffer after each append; a copy would move it.
    static func bufferAddresses(observing: Bool) -> Set<Int> {
        let store = Store()
        let addresses = Recorder<Int>()
        store.register(LargeState.self, for: LargeAction.self) { state, action in
            guard case .append(let value) = action else { return }
            state.items.append(value)
            addresses.append(state.items.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) })
        }
        var items = Array(0..<10_000)
        items.reserveCapacity(20_000)
        store.dispatch(action: StoreAction.add(states: [LargeState(items: items)]))
        items = []
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

    @Test func aKeptStateIsNotChangedByLaterActions() {
        let store = makeStore()
        store.dispatch(action: TasksAction.add("a"))
        let kept = store.currentState
        store.dispatch(action: TasksAction.add("b"))
        #expect(kept.compactMap { $0 as? TasksState }.first?.tasks == ["a"])
        #expect(store.substate(TasksState.self)?.tasks == ["a", "b"])
    }
}
