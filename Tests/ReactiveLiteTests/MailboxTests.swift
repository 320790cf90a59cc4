import Dispatch
import ReactiveLiteTestSupport
import TestSupport
import Testing

@testable import ReactiveLite

/// The queue of `observe(on:)` (Mailbox.swift): what it releases and when, and how it drains.
@Suite struct MailboxTests {
    // MARK: Lifetime

    @Test func disposalReleasesTheObserverAtOnceEvenWithADrainPending() {
        let steps = StepExecutor()
        let sink = Sink<Int>()
        weak var released: Owner?
        let observation: any Disposable
        do {
            let owner = Owner()
            released = owner
            observation = sink.signal.observe(on: steps.executor).observe { _ in
                withExtendedLifetime(owner) {}
            }
        }
        sink.send(value: 1)  // a drain now waits on the executor
        #expect(steps.pendingCount == 1)

        observation.dispose()
        #expect(released == nil, "the observer outlived dispose()")
        steps.runAll()
    }

    @Test func aDeallocatedSourceDeliversWhatItSentInOrderThenReleasesTheObserver() {
        let steps = StepExecutor()
        var variable: Variable<Int>? = Variable(0)
        let seen = Recorder<Int>()
        weak var released: Owner?
        // Kept, as a scope keeps it: only the source's end can release the observer.
        let observation: any Disposable
        do {
            let owner = Owner()
            released = owner
            observation = variable!.signal.observe(on: steps.executor).observe { value in
                withExtendedLifetime(owner) {}
                seen.append(value)
            }
        }
        variable!.value = 1
        variable!.value = 2
        variable = nil
        #expect(released != nil, "values are still queued for it")

        steps.runAll()
        #expect(seen.values == [0, 1, 2])
        #expect(released == nil, "the observer outlived its source")
        #expect(!observation.isDisposed)
        observation.dispose()
    }

    @Test func aSourceDeallocatedWithNothingQueuedReleasesTheObserverAtOnce() {
        var sink: Sink<Int>? = Sink()
        weak var released: Owner?
        let observation: any Disposable
        do {
            let owner = Owner()
            released = owner
            observation = sink!.signal.observe(on: .queue(DispatchQueue(label: "idle"))).observe { _ in
                withExtendedLifetime(owner) {}
            }
        }
        sink = nil
        #expect(released == nil)
        observation.dispose()
    }

    @Test func valuesOfObserveOnFinishWhenTheVariableIsDeallocated() async {
        var variable: Variable<Int>? = Variable(1)
        let stream = variable!.signal.observe(on: .queue(DispatchQueue(label: "values"))).values
        let loop = ValuesLoop(stream)
        #expect(await eventually(within: 30) { loop.seen.count == 1 })
        variable!.value = 2
        variable!.value = 3
        variable = nil

        #expect(await loop.ends(within: 30), "the loop over values did not end with its source")
        #expect(loop.seen.values == [1, 2, 3])
    }

    @Test func valuesOfObserveOnOverACustomSignalFinishWhenItsSinkIsDeallocated() async {
        var sink: Sink<Int>? = Sink()
        let custom = Signal<Int> { [weak sink] observer in
            sink?.signal.observe(observer) ?? AnyDisposable()
        }
        let stream = custom.observe(on: .queue(DispatchQueue(label: "custom-values"))).values
        let loop = ValuesLoop(stream)
        // `values` subscribes as it is made; what is sent waits in its buffer for the loop.
        #expect(sink?.channel.observerCount == 1)
        sink?.send(value: 1)
        sink?.send(value: 2)
        sink = nil

        #expect(await loop.ends(within: 30), "the loop over values did not end with its source")
        #expect(loop.seen.values == [1, 2])
    }

    // MARK: Draining

    @Test func aCustomContextIsNeverCalledFromInsideTheWorkItRuns() {
        // The observer sends the next value straight into the observation's queue (a custom
        // signal's producer has no turn of its own): its drain ends with a value queued, which a
        // context written with a lock or `sync` must not be handed from inside its own work.
        let context = SerializingContext()
        let producer = Shared<(@Sendable (Int) -> Void)?>(nil)
        let custom = Signal<Int> { observer in
            producer.value = observer
            return AnyDisposable()
        }
        let seen = Recorder<Int>()
        let observation = custom.observe(on: Executor { context.run($0) }).observe { value in
            seen.append(value)
            if value < 3 { producer.value?(value + 1) }
        }
        producer.value?(0)
        #expect(seen.values == [0, 1, 2, 3])
        #expect(context.reentered == 0)
        observation.dispose()
    }

    // Polls on purpose: a real serial queue, flooded from a real thread, is the point.
    @Test func aFloodLeavesTheExecutorsQueueFreeForOtherWorkAndDeliversEveryValueOnceInOrder() async {
        let queue = DispatchQueue(label: "observe-on-flood")
        let sink = Sink<Int>()
        let check = SequenceCheck()
        let observation = sink.signal.observe(on: .queue(queue)).observe { value in
            spin(microseconds: 20)  // slower than the flood, so the queue never empties
            check.record(value)
        }

        let probe = await floodWhileProbing(queue, send: { sink.send(value: $0) }, applied: { check.next })
        #expect(
            probe.ranDuringFlood,
            "a block submitted to the queue waited for the flood to end (\(probe.sent) values sent)")
        #expect(await eventually { check.next == probe.sent })
        #expect(check.violations == 0)
        observation.dispose()
    }

    /// A flood of values observed on the main thread, through `.mainThread` or through a custom
    /// context that queues on the main queue: the main queue runs its other blocks between two
    /// drains, and every value is delivered once, in order. On the custom context a drain delivers
    /// what was queued when it began (a drain handed on, at most 128) and the values sent meanwhile
    /// go to the next drain, handed to the context from another thread; a drain there used to
    /// deliver everything queued, those sent meanwhile included, for the whole flood. A small
    /// backlog there keeps the first drain short for the main-actor tests running alongside.
    // Polls on purpose: the real main queue, flooded from a real thread, is the point.
    @Test(arguments: ["mainThread", "main-queue context"])
    func aFloodOnTheMainThreadLeavesTheMainQueueFreeAndDeliversEveryValueOnceInOrder(_ kind: String) async {
        let variable = Variable(-1)
        let check = SequenceCheck(first: -1)
        let executor =
            kind == "mainThread" ? Executor.mainThread : Executor { DispatchQueue.main.async(execute: $0) }
        let observation = variable.signal.observe(on: executor).observe { value in
            spin(microseconds: 20)
            check.record(value)
        }

        let probe = await floodWhileProbing(
            .main, backlog: kind == "mainThread" ? 10_000 : 512, send: { variable.value = $0 },
            applied: { check.next })
        #expect(
            probe.ranDuringFlood,
            "a main-queue block waited for the flood to end (\(probe.sent) values sent)")
        #expect(await eventually { check.next == probe.sent })
        #expect(check.violations == 0)
        observation.dispose()
    }
}
