import Dispatch
import Foundation
import ReactiveLite
import ReactiveLiteTestSupport
import TestSupport
import Testing

@testable import VueFluxCore

// Each test that dispatches globally has its own state type (a tag), so that its global actions
// never reach the stores of tests running in parallel.

@Suite struct GlobalDispatchTests {
    @Test func instanceActionsReachOnlyTheirStore() {
        enum Tag {}
        let first = Store(state: TestState<Tag>(), mutations: .init(), executor: .immediate)
        let second = Store(state: TestState<Tag>(), mutations: .init(), executor: .immediate)

        first.actions.dispatch(action: .increment)

        #expect(first.computed.state.count.value == 1)
        #expect(second.computed.state.count.value == 0)
    }

    @Test func globalActionsReachEveryLiveStoreOfTheStateTypeAndNoOther() {
        enum Tag {}
        enum Other {}
        let first = Store(state: TestState<Tag>(), mutations: .init(), executor: .immediate)
        let second = Store(state: TestState<Tag>(), mutations: .init(), executor: .immediate)
        let other = Store(state: TestState<Other>(), mutations: .init(), executor: .immediate)

        Store<TestState<Tag>>.actions.dispatch(action: .increment)

        #expect(first.computed.state.count.value == 1)
        #expect(second.computed.state.count.value == 1)
        #expect(other.computed.state.count.value == 0)
    }

    @Test func globalDispatchReachesStoresInCreationOrder() {
        enum Tag {}
        let journal = Recorder<String>()
        var stores = (0..<5).map { index in
            Store(
                state: TestState<Tag>(name: "\(index)", journal: journal), mutations: .init(),
                executor: .immediate)
        }
        stores.remove(at: 2)

        Store<TestState<Tag>>.actions.dispatch(action: .record("x"))

        #expect(journal.values == ["0:x", "1:x", "3:x", "4:x"])
        withExtendedLifetime(stores) {}
    }

    @Test func aDeallocatedStoreLeavesGlobalDispatchAtOnce() {
        enum Tag {}
        let state = TestState<Tag>()
        var store: Store<TestState<Tag>>? = Store(state: state, mutations: .init(), executor: .immediate)
        Store<TestState<Tag>>.actions.dispatch(action: .increment)
        #expect(state.count.value == 1)
        #expect(registeredStoreCount(for: TestState<Tag>.self) == 1)

        store = nil
        Store<TestState<Tag>>.actions.dispatch(action: .increment)

        #expect(store == nil)
        #expect(state.count.value == 1)
        #expect(registeredStoreCount(for: TestState<Tag>.self) == 0)
    }

    @Test func nothingIsKeptForAStateTypeOnceItsLastStoreIsGone() {
        enum Tag {}
        // Global dispatch to a type without stores creates nothing (the original creates a
        // dispatcher on first use and keeps it forever).
        Store<TestState<Tag>>.actions.dispatch(action: .increment)
        #expect(!registryHasEntry(for: TestState<Tag>.self))

        var first: Store<TestState<Tag>>? = Store(
            state: TestState(), mutations: .init(), executor: .immediate)
        var second: Store<TestState<Tag>>? = Store(
            state: TestState(), mutations: .init(), executor: .immediate)
        #expect(registryHasEntry(for: TestState<Tag>.self))

        first = nil
        #expect(registryHasEntry(for: TestState<Tag>.self))
        second = nil
        #expect(!registryHasEntry(for: TestState<Tag>.self))
        #expect(first == nil && second == nil)
    }

    @Test func globalDispatchIsSafeWhileStoresAreCreatedAndDestroyedOnOtherThreads() async {
        enum Tag {}
        let stable = Store(state: TestState<Tag>(), mutations: .init(), executor: .immediate)

        await runOnThreads(5) { thread in
            if thread == 0 {
                for _ in 0..<10_000 {
                    Store<TestState<Tag>>.actions.dispatch(action: .increment)
                }
            } else {
                for _ in 0..<1_000 {
                    let store = Store(state: TestState<Tag>(), mutations: .init(), executor: .immediate)
                    store.actions.dispatch(action: .increment)
                }
            }
        }

        #expect(stable.computed.state.count.value == 10_000)
        #expect(stable.computed.state.overlapCount == 0)
        #expect(registeredStoreCount(for: TestState<Tag>.self) == 1)
    }

    @Test func globalDispatchToStoresOnAsynchronousExecutorsCommitsOnEach() {
        enum Tag {}
        let firstSteps = StepExecutor()
        let secondSteps = StepExecutor()
        let first = Store(state: TestState<Tag>(), mutations: .init(), executor: firstSteps.executor)
        let second = Store(state: TestState<Tag>(), mutations: .init(), executor: secondSteps.executor)

        for _ in 0..<100 {
            Store<TestState<Tag>>.actions.dispatch(action: .increment)
        }
        #expect(first.computed.state.count.value == 0 && second.computed.state.count.value == 0)

        firstSteps.runAll()
        #expect(first.computed.state.count.value == 100)
        #expect(second.computed.state.count.value == 0)
        secondSteps.runAll()
        #expect(second.computed.state.count.value == 100)
        #expect(first.computed.state.overlapCount == 0 && second.computed.state.overlapCount == 0)
    }
}
