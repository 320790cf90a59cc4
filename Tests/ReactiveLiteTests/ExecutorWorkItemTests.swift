import Dispatch
import ReactiveLiteTestSupport
import TestSupport
import Testing

@testable import ReactiveLite

@Suite struct ExecutorWorkItemTests {
    @Test func anExecutorRunsAWorkItemWithItsValue() {
        let steps = StepExecutor()
        let recorder = Recorder<Int>()
        let item = Executor.WorkItem<Int> { recorder.append($0) }
        steps.executor.execute(workItem: item, with: 1)
        #expect(recorder.values.isEmpty)
        _ = steps.runAll()
        #expect(recorder.values == [1])
        #expect(!item.isCanceled)
    }

    /// As in VueFlux's later `VueFlux/ExecutorWorkItem.swift` (`execute(with value: @autoclosure`),
    /// the value is evaluated only when the function runs: a cancelled item evaluates nothing.
    @Test func aCancelledWorkItemDoesNotEvaluateItsValue() {
        let evaluated = Recorder<Int>()
        func value(_ number: Int) -> Int {
            evaluated.append(number)
            return number
        }
        let ran = Recorder<Int>()
        let item = Executor.WorkItem<Int> { ran.append($0) }
        item.execute(with: value(1))
        item.cancel()
        item.execute(with: value(2))
        #expect(evaluated.values == [1])
        #expect(ran.values == [1])
    }

    @Test func aWorkItemCancelledBeforeItsTurnNeverRuns() {
        let steps = StepExecutor()
        let recorder = Recorder<Int>()
        let item = Executor.WorkItem<Int> { recorder.append($0) }
        steps.executor.execute(workItem: item, with: 1)
        item.cancel()
        _ = steps.runAll()
        item.execute(with: 2)
        #expect(recorder.values.isEmpty)
        #expect(item.isCanceled)
    }

    @Test func copiesShareOneCancellation() {
        let recorder = Recorder<Int>()
        let item = Executor.WorkItem<Int> { recorder.append($0) }
        let copy = item
        item.execute(with: 1)
        copy.cancel()
        item.execute(with: 2)
        #expect(item.isCanceled)
        #expect(recorder.values == [1])
    }

    @Test func aVoidWorkItemRunsWithoutAnArgument() {
        let recorder = Recorder<Int>()
        let item = Executor.WorkItem<Void> { recorder.append(1) }
        item.execute()
        Executor.immediate.execute(workItem: item, with: ())
        #expect(recorder.values == [1, 1])
    }

    @Test func cancellingReleasesTheFunction() {
        final class Captured: Sendable {}
        weak var captured: Captured?
        let item: Executor.WorkItem<Int> = {
            let object = Captured()
            captured = object
            return Executor.WorkItem<Int> { _ in withExtendedLifetime(object) {} }
        }()
        #expect(captured != nil)
        item.cancel()
        #expect(captured == nil)
    }
}
