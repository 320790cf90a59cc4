import Dispatch
import ReactiveLite
import ReactiveLiteTestSupport
import TestSupport
import Testing

@testable import VueFluxCore

/// A custom context that runs a store's drain more than once (a misuse of `Executor(_:)`, whose
/// context should run each piece of work once): a call that finds no drain waiting to start does
/// nothing, so commits stay one at a time and none is lost or applied twice. A drain used to start
/// whatever the store's word said, so a repeat ran alongside the next real drain: these tests saw
/// 1 to 383 commits overlapping another, and once 20 s without all 1,000 commits.
@Suite(.serialized) struct CustomContextRepeatTests {
    @Test(timeLimit(minutes: 1), arguments: RepeatingContext.allCases)
    func aContextThatRunsEachDrainMoreThanOnceCommitsEachActionOnceAndOneAtATime(
        _ repeating: RepeatingContext
    ) async {
        let state = TestState<Local>()
        let store = LocalStore(state: state, mutations: .init(), executor: repeating.executor)
        let committed = Shared(0)
        await runOnThreads(2) { _ in
            for _ in 0..<500 {
                // A commit that takes a little time, so that a repeated drain meets the next one.
                store.actions.dispatch(
                    action: .hook("") {
                        spin(microseconds: 5)
                        committed.withLock { $0 += 1 }
                    })
            }
        }
        #expect(await eventually(within: 20) { committed.value >= 1_000 })
        try? await Task.sleep(nanoseconds: 100_000_000)  // a repeat that ran late would show
        #expect(committed.value == 1_000)
        #expect(state.overlapCount == 0)
    }
}
