import Dispatch
import FlowKernel
import Foundation
import ReactiveLite
import ReactiveLiteTestSupport
import TestSupport
import Testing

@testable import VueFluxCore

/// A store on a custom context (`Executor(_:)`) under another thread's flood: the thread the
/// context runs a drain on commits a bounded share of the other thread's actions, never its stream,
/// and a context that queues on the main queue leaves the main queue free.
@Suite struct CustomContextFloodTests {
    /// A context that runs work at once runs a drain on the dispatching thread. Thread 0 dispatches
    /// an action whose commit waits until thread 1 has flooded 100 actions into the store, then
    /// dispatches a follow-up; each of the flood's commits dispatches a follow-up too. When thread
    /// 0's dispatch returns, it has committed its own action and its follow-up, and none of the
    /// flood, which was committed elsewhere, each action once. A drain used to commit everything
    /// queued, those queued meanwhile included: thread 0 committed the flood for as long as it
    /// lasted (a probe saw 15 to 30 s for a 1 s flood); and a batch extended to the drain's own
    /// follow-up took in what other threads had queued before it, whose follow-ups extended it
    /// again.
    @Test(timeLimit(minutes: 1))
    func aDispatchingThreadCommitsABoundedShareOfAnotherThreadsFlood() async {
        let state = TestState<Local>()
        let store = LocalStore(state: state, mutations: .init(), executor: Executor { $0() })
        let actions = store.actions
        let started = DispatchSemaphore(value: 0)
        let streamed = DispatchSemaphore(value: 0)
        let victim = Shared<UInt>(0)
        let committedByVictim = Shared(0)
        let committedInAll = Shared(0)
        let sent = Shared(0)
        let flooding = Shared(true)
        let followedUp = Shared(false)
        let flood: @Sendable () -> Void = {
            spin(microseconds: 20)
            if currentThreadIdentity() == victim.value, flooding.value {
                committedByVictim.withLock { $0 += 1 }
            }
            committedInAll.withLock { $0 += 1 }
            actions.dispatch(action: .record("flood follow-up"))
        }
        await runOnThreads(2) { thread in
            if thread == 0 {
                victim.value = currentThreadIdentity()
                actions.dispatch(
                    action: .hook("own") {
                        started.signal()
                        _ = streamed.wait(timeout: .now() + 5)
                        actions.dispatch(action: .hook("follow-up") { followedUp.value = true })
                    })
                #expect(followedUp.value, "the drain's own follow-up was committed before it returned")
                flooding.value = false
            } else {
                started.wait()
                // Until thread 0's dispatch returns, at most 5,000 (a drain that commits them all
                // takes about 0.1 s), so that the commits handed elsewhere stay few.
                var count = 0
                while count < 100 || (flooding.value && count < 5_000) {
                    actions.dispatch(action: .hook("flood", flood))
                    count += 1
                    if count == 100 {
                        streamed.signal()
                    }
                }
                sent.value = count
            }
        }
        #expect(
            committedByVictim.value == 0,
            "the dispatching thread committed \(committedByVictim.value) of the other thread's actions")
        #expect(await eventually(within: 30) { committedInAll.value == sent.value })
        #expect(state.overlapCount == 0)
        withExtendedLifetime(store) {}
    }

    // Polls on purpose: the real main queue, flooded from a real thread, is the point.
    @Test(timeLimit(minutes: 1))
    func aFloodThroughAMainQueueContextLeavesTheMainQueueFreeAndCommitsEveryActionOnceInOrder() async {
        let state = SequenceState()
        let store = Store(
            state: state, mutations: .init(), executor: Executor { DispatchQueue.main.async(execute: $0) })
        let actions = store.actions
        // A small backlog: the first drain here commits everything queued when it began (not at
        // most 128, as on `.mainThread`), and this keeps its hold on the main queue short for the
        // main-actor tests running alongside.
        let probe = await floodWhileProbing(
            .main, backlog: 512, send: { actions.dispatch(action: $0) }, applied: { state.check.next })
        #expect(
            probe.ranDuringFlood,
            "a main-queue block waited for the flood to end (\(probe.sent) sent)")
        #expect(await eventually(within: 30) { state.check.next == probe.sent })
        #expect(state.check.violations == 0)
        #expect(state.overlaps.value == 0)
        withExtendedLifetime(store) {}
    }

    /// A context that serializes its work with `queue.sync` traps if called from inside that work:
    /// the next drain is handed to it from another thread. Two threads flood it; nothing is lost,
    /// nothing overlaps, and it never traps.
    @Test(timeLimit(minutes: 1))
    func aContextThatSerializesWithSyncIsNeverCalledFromInsideItsWorkUnderAFlood() async {
        let queue = DispatchQueue(label: "CustomContextFloodTests.sync")
        let state = TestState<Local>()
        let store = LocalStore(
            state: state, mutations: .init(), executor: Executor { queue.sync(execute: $0) })
        let actions = store.actions
        await runOnThreads(2) { _ in
            for _ in 0..<3_000 {
                actions.dispatch(action: .increment)
            }
        }
        #expect(await eventually(within: 30) { state.count.value == 6_000 })
        #expect(state.overlapCount == 0)
        withExtendedLifetime(store) {}
    }
}
