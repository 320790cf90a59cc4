import Dispatch
import Foundation
import TestSupport
import Testing

@testable import VueFluxCore

/// `Actions.dispatchAsync(action:)` on an `.immediate` store, the suspending dispatch that async
/// code calls (docs/threading.md, "Async code").
@Suite(timeLimit(minutes: 2)) struct AsyncDispatchTests {
    @Test func anAsyncDispatchReturnsAfterItsActionIsCommitted() async {
        let state = TestState<Local>()
        let store = LocalStore(state: state, mutations: .init(), executor: .immediate)
        await store.actions.dispatchAsync(action: .increment)
        #expect(state.count.value == 1)
        await store.actions.dispatchAsync(action: .record("second"))
        #expect(state.journal.values == ["s:increment", "s:second"])
    }

    @Test func asyncDispatchesFromManyTasksCommitEveryActionOnceOneAtATime() async {
        let state = TestState<Local>()
        let store = LocalStore(state: state, mutations: .init(), executor: .immediate)
        let actions = store.actions
        let finished = await finishes(within: 60) {
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<16 {
                    group.addTask {
                        for _ in 0..<200 { await actions.dispatchAsync(action: .increment) }
                    }
                }
            }
        }
        #expect(finished, "a waiting task was never resumed")
        #expect(state.count.value == 3_200)
        #expect(state.overlapCount == 0)
        withExtendedLifetime(store) {}
    }

    /// Unlike an effect's dispatch, which drops its action once the effect is cancelled, the
    /// public async dispatch commits the action whatever the calling task's cancellation, as the
    /// synchronous dispatch does.
    @Test func aCancelledTasksAsyncDispatchIsStillCommitted() async {
        let state = TestState<Local>()
        let store = LocalStore(state: state, mutations: .init(), executor: .immediate)
        let actions = store.actions
        let task = Task {
            while !Task.isCancelled { await Task.yield() }
            await actions.dispatchAsync(action: .increment)
        }
        task.cancel()
        await task.value
        #expect(state.count.value == 1)
        withExtendedLifetime(store) {}
    }

    /// Tasks that find another thread's commit suspend: the pool's threads stay free for other
    /// tasks, nothing is committed until the turn ends, and then every action is.
    @Test func tasksThatFindTheStoreCommittingSuspendAndLeaveThePoolFree() async {
        let state = TestState<Local>()
        let store = LocalStore(state: state, mutations: .init(), executor: .immediate)
        let actions = store.actions
        let probe = await probeThePoolWhileTasksWaitForATurn(
            hold: { whileHeld in actions.dispatch(action: .hook("hold") { whileHeld() }) },
            dispatch: { await actions.dispatchAsync(action: .increment) })
        #expect(probe.probeRan, "the waiting tasks blocked the pool's threads")
        #expect(probe.held)
        #expect(probe.startedBeforeProbe == probe.taskCount)
        #expect(probe.returnedDuringHold == 0, "returned while another thread was committing")
        #expect(probe.returned == probe.taskCount)
        #expect(state.count.value == probe.taskCount)
        #expect(state.overlapCount == 0)
        withExtendedLifetime(store) {}
    }

    /// A task started with `Task.immediate` from a mutation runs on the thread that holds the turn
    /// until it first suspends: its async dispatch queues the action behind the current one, as
    /// the synchronous dispatch does there, and returns before it is committed (waiting there
    /// would wait for its own thread).
    @available(iOS 26, macOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func aTaskStartedImmediatelyInsideACommitQueuesItsActionBehindTheCurrentOne() {
        let state = TestState<Local>()
        let store = LocalStore(state: state, mutations: .init(), executor: .immediate)
        let actions = store.actions
        let journal = state.journal
        actions.dispatch(
            action: .hook("first") {
                Task.immediate {
                    await actions.dispatchAsync(action: .record("async"))
                    journal.append("dispatchAsync returned")
                }
            })
        #expect(journal.values == ["s:first", "dispatchAsync returned", "s:first done", "s:async"])
        withExtendedLifetime(store) {}
    }

    /// On a `.queue` store, the async dispatch queues the action and returns without waiting for
    /// the commit, which the store's queue makes later.
    @Test func onAQueueStoreAnAsyncDispatchReturnsBeforeTheCommit() async {
        let queue = DispatchQueue(label: "AsyncDispatchTests.queue")
        let state = TestState<Local>()
        let store = LocalStore(state: state, mutations: .init(), executor: .queue(queue))
        queue.suspend()
        let returned = await finishes(within: 10) {
            await store.actions.dispatchAsync(action: .increment)
        }
        #expect(returned, "it waited for the suspended queue")
        #expect(state.count.value == 0)
        queue.resume()
        #expect(await eventually { state.count.value == 1 })
        withExtendedLifetime(store) {}
    }
}
