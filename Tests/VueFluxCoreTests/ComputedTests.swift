import Dispatch
import ReactiveLite
import ReactiveLiteTestSupport
import TestSupport
import Testing

@testable import VueFluxCore

extension Computed where State == TestState<Local> {
    var countText: Signal<String> {
        state.count.signal.map { "count: \($0)" }
    }

    var count: Constant<Int> {
        state.count.constant
    }
}

@Suite struct ComputedTests {
    @Test func publishesSignalsAndConstantsThatFollowCommits() {
        let store = LocalStore(state: TestState(), mutations: .init(), executor: .immediate)
        let seen = Recorder<String>()

        let observation = store.computed.countText.observe { seen.append($0) }
        store.actions.dispatch(action: .increment)
        store.actions.dispatch(action: .increment)
        observation.dispose()

        #expect(seen.values == ["count: 0", "count: 1", "count: 2"])
        #expect(store.computed.count.value == 2)
    }

    @Test func observersRunWhereTheStoreCommits() {
        let steps = StepExecutor()
        let store = LocalStore(state: TestState(), mutations: .init(), executor: steps.executor)
        let seen = Recorder<Int>()
        let observation = store.computed.count.signal.observe { value in
            if value > 0 { seen.append(value) }
        }

        store.actions.dispatch(action: .increment)
        #expect(seen.values.isEmpty)
        steps.runAll()  // the commit runs here, and the observers with it
        #expect(seen.values == [1])
        observation.dispose()
    }

    @Test func computedValuesCanBeAwaitedAsAnAsyncSequence() async {
        let store = LocalStore(state: TestState(), mutations: .init(), executor: .queue(.global()))
        var iterator = store.computed.count.signal.values.makeAsyncIterator()

        #expect(await iterator.next() == 0)
        store.actions.dispatch(action: .increment)
        #expect(await iterator.next() == 1)
        store.actions.dispatch(action: .increment)
        store.actions.dispatch(action: .increment)
        #expect(await iterator.next() == 2)
        #expect(await iterator.next() == 3)
    }
}
