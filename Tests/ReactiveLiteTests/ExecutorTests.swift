import Dispatch
import FlowKernel
import Foundation
import ReactiveLiteTestSupport
import TestSupport
import Testing

@testable import ReactiveLite

// The tests that poll here test real queues and the main queue themselves; everything else that
// only needs an executor uses `StepExecutor` (see TestSupport.swift) and never waits.
// Serialized: `Executor.mainThread` runs inline only when no main-thread work submitted through it
// is waiting, and the tests of this suite are the only ones that submit such work.
@Suite(.serialized) struct ExecutorTests {
    @Test func customExecutorHandsEachPieceOfWorkToItsContext() {
        let steps = StepExecutor()
        let counter = Counter()
        steps.executor.execute { counter.increment() }
        steps.executor.execute { counter.increment() }
        #expect(counter.value == 0)
        #expect(steps.runAll() == 2)
        #expect(counter.value == 2)
    }

    @Test func immediateRunsSynchronouslyOnTheCallingThread() {
        let counter = Counter()
        Executor.immediate.execute { counter.increment() }
        #expect(counter.value == 1)
    }

    @Test func queueRunsOnTheGivenQueue() async {
        let queue = DispatchQueue(label: "executor-tests")
        let key = DispatchSpecificKey<Int>()
        queue.setSpecific(key: key, value: 42)
        let recorder = Recorder<Int?>()
        Executor.queue(queue).execute { recorder.append(DispatchQueue.getSpecific(key: key)) }
        #expect(await eventually { recorder.count == 1 })
        #expect(recorder.values == [42])
    }

    @MainActor
    @Test func mainThreadRunsInlineOnTheMainQueueWhenNothingIsPending() async {
        // The count of pending main-queue work is the process's: a test running in parallel may
        // queue some between the wait and the call, which then rightly queues too. So: let pending
        // work drain, call, and try again (up to 20 times) until a call finds nothing pending.
        let counter = Counter()
        var ranInline = false
        for attempt in 1...20 where !ranInline {
            #expect(await eventually { MainQueuePending.count.value == 0 })
            Executor.mainThread.execute { counter.increment() }
            ranInline = counter.value == attempt
            _ = await eventually { counter.value == attempt }
        }
        #expect(ranInline, "never ran inline on the main queue with nothing pending")
    }

    @Test func mainThreadFromABackgroundThreadRunsOnTheMainQueue() async {
        let recorder = Recorder<Bool>()
        DispatchQueue.global().async {
            Executor.mainThread.execute { recorder.append(isOnMainQueue) }
        }
        #expect(await eventually { recorder.count == 1 })
        #expect(recorder.values == [true])
    }

    /// Work given to `Executor.mainThread.execute` from inside work it runs is queued behind that
    /// work, never nested: the count covers the work running as well as the work waiting, as
    /// VueFlux's does for one executor value (`VueFlux/Executor.swift`), here for the process. It
    /// used to run nested, inline.
    @MainActor
    @Test func mainThreadQueuesWorkSubmittedFromInsideWorkItRuns() async {
        let recorder = Recorder<Int>()
        #expect(await eventually { MainQueuePending.count.value == 0 })
        Executor.mainThread.execute {
            recorder.append(1)
            Executor.mainThread.execute { recorder.append(2) }
            recorder.append(3)
        }
        #expect(await eventually { recorder.count == 3 })
        #expect(recorder.values == [1, 3, 2])
        #expect(await eventually { MainQueuePending.count.value == 0 })
    }

    @MainActor
    @Test func mainThreadKeepsOrderBehindPendingWork() async {
        let recorder = Recorder<Int>()
        let enqueued = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            Executor.mainThread.execute { recorder.append(1) }
            enqueued.signal()
        }
        // Block the main queue so that 1 is still waiting when 2 is submitted from the main queue.
        enqueued.wait()
        Executor.mainThread.execute { recorder.append(2) }
        #expect(await eventually { recorder.count == 2 })
        #expect(recorder.values == [1, 2])
    }
}

@Suite struct ObserveOnTests {
    @Test func keepsOrderOnAConcurrentQueue() async {
        let sink = Sink<Int>()
        let recorder = Recorder<Int>()
        sink.signal.observe(on: .queue(.global())).observe(recorder.observer)
        for value in 0..<1_000 {
            sink.send(value: value)
        }
        #expect(await eventually { recorder.count == 1_000 })
        #expect(recorder.values == Array(0..<1_000))
    }

    @Test func runsObserversOnTheExecutor() async {
        let queue = DispatchQueue(label: "observe-on")
        let key = DispatchSpecificKey<Int>()
        queue.setSpecific(key: key, value: 7)
        let sink = Sink<Int>()
        let recorder = Recorder<Int?>()
        sink.signal.observe(on: .queue(queue)).observe { _ in
            recorder.append(DispatchQueue.getSpecific(key: key))
        }
        sink.send(value: 1)
        #expect(await eventually { recorder.count == 1 })
        #expect(recorder.values == [7])
    }

    @Test func disposalDropsValuesAlreadyQueued() {
        let steps = StepExecutor()
        let sink = Sink<Int>()
        let recorder = Recorder<Int>()
        let disposable = sink.signal.observe(on: steps.executor).observe(recorder.observer)
        sink.send(value: 1)
        sink.send(value: 2)
        disposable.dispose()
        steps.runAll()
        #expect(recorder.values.isEmpty)
        #expect(sink.channel.observerCount == 0)
    }

    @Test func customExecutorDeliversOnlyWhenItRunsTheWorkAndInOrder() {
        let steps = StepExecutor()
        let variable = Variable(0)
        let recorder = Recorder<Int>()
        variable.signal.observe(on: steps.executor).observe(recorder.observer)
        variable.value = 1
        variable.value = 2
        #expect(recorder.values.isEmpty)
        #expect(steps.pendingCount == 1)
        steps.runAll()
        #expect(recorder.values == [0, 1, 2])
        variable.value = 3
        steps.runAll()
        #expect(recorder.values == [0, 1, 2, 3])
    }

    @MainActor
    @Test func mainThreadDeliversInlineOnTheMainQueue() {
        let variable = Variable(0)
        let recorder = Recorder<Int>()
        variable.signal.observe(on: .mainThread).observe(recorder.observer)
        #expect(recorder.values == [0])
        variable.value = 1
        #expect(recorder.values == [0, 1])
    }

    @MainActor
    @Test func backgroundThenMainThreadValuesArriveInOrder() async {
        // The original's defect: a value sent in the background, then one sent on the main thread,
        // reached the main-thread observer in the wrong order.
        let sink = Sink<Int>()
        let recorder = Recorder<Int>()
        let onMain = Recorder<Bool>()
        sink.signal.observe(on: .mainThread).observe { value in
            onMain.append(isOnMainQueue)
            recorder.append(value)
        }
        let sent = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            sink.send(value: 1)
            sent.signal()
        }
        sent.wait()  // the main queue is blocked here, so 1 is still waiting
        sink.send(value: 2)
        #expect(await eventually { recorder.count == 2 })
        #expect(recorder.values == [1, 2])
        #expect(onMain.values == [true, true])
    }

    /// X waits on the main queue for 1, sent off it; 2 is then sent on the main queue. Y, which
    /// subscribed after X but has nothing waiting, gets 2 inline, before X gets 1 or 2: the rule is
    /// per observer (docs/reactivelite.md). Each observer still gets its values in order.
    @MainActor
    @Test func aMainThreadObserverWithNothingWaitingIsNotHeldBackByAnother() async {
        let variable = Variable(0)
        let log = Recorder<String>()
        let x = variable.signal.observe(on: .mainThread).observe { log.append("X\($0)") }
        let y = variable.signal.filter { $0 != 1 }.observe(on: .mainThread).observe { log.append("Y\($0)") }
        #expect(log.values == ["X0", "Y0"])
        DispatchQueue(label: "off the main queue").sync { variable.value = 1 }
        variable.value = 2
        #expect(await eventually { log.count == 5 })
        #expect(log.values == ["X0", "Y0", "Y2", "X1", "X2"])
        x.dispose()
        y.dispose()
    }
}
