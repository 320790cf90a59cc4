import Dispatch
import Foundation
import ReactiveLite
import TestSupport
import Testing

@testable import RxStateCore

/// An action whose reducer runs `body`: a reducer that holds the store's turn for as long as a
/// test needs, or does something from inside it.
private struct HookAction: ActionType {
    let body: @Sendable () -> Void
}

/// `makeStore()`, with `HookAction`'s reducer on the counter.
private func makeHookedStore() -> Store {
    let store = makeStore()
    store.register(CounterState.self, for: HookAction.self) { _, action in action.body() }
    return store
}

/// `Store.dispatchAsync(action:)`, the suspending dispatch that async code calls
/// (docs/threading.md, "Async code").
@Suite(timeLimit(minutes: 2)) struct AsyncDispatchTests {
    @Test func anAsyncDispatchReturnsAfterItsActionIsAppliedAndAnnounced() async {
        let store = makeStore()
        let counts = Recorder<Int>()
        let subscription = store.state.observe { counts.append(count(in: $0)) }
        await store.dispatchAsync(action: CounterAction.add(2))
        #expect(store.substate(CounterState.self)?.count == 2)
        #expect(store.lastAction as? CounterAction == .add(2))
        #expect(counts.values == [0, 2])
        await store.dispatchAsync(action: TasksAction.add("a"))
        #expect(store.substate(TasksState.self)?.tasks == ["a"])
        withExtendedLifetime(subscription) {}
    }

    @Test func asyncDispatchesFromManyTasksApplyEveryActionOnce() async {
        let store = makeStore()
        let finished = await finishes(within: 60) {
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<16 {
                    group.addTask {
                        for _ in 0..<200 { await store.dispatchAsync(action: CounterAction.increment) }
                    }
                }
            }
        }
        #expect(finished, "a waiting task was never resumed")
        #expect(store.substate(CounterState.self)?.count == 3_200)
    }

    /// Unlike an effect's dispatch, which drops its action once the effect is cancelled, the
    /// public async dispatch applies the action whatever the calling task's cancellation, as the
    /// synchronous dispatch does.
    @Test func aCancelledTasksAsyncDispatchIsStillApplied() async {
        let store = makeStore()
        let task = Task {
            while !Task.isCancelled { await Task.yield() }
            await store.dispatchAsync(action: CounterAction.increment)
        }
        task.cancel()
        await task.value
        #expect(store.substate(CounterState.self)?.count == 1)
    }

    /// Tasks that find another thread's reducers running suspend: the pool's threads stay free for
    /// other tasks, nothing is applied until the turn ends, and then every action is.
    @Test func tasksThatFindTheTurnTakenSuspendAndLeaveThePoolFree() async {
        let store = makeHookedStore()
        let probe = await probeThePoolWhileTasksWaitForATurn(
            hold: { whileHeld in store.dispatch(action: HookAction(body: whileHeld)) },
            dispatch: { await store.dispatchAsync(action: CounterAction.increment) })
        #expect(probe.probeRan, "the waiting tasks blocked the pool's threads")
        #expect(probe.held)
        #expect(probe.startedBeforeProbe == probe.taskCount)
        #expect(probe.returnedDuringHold == 0, "returned while another thread held the turn")
        #expect(probe.returned == probe.taskCount)
        #expect(store.substate(CounterState.self)?.count == probe.taskCount)
    }

    /// A task started with `Task.immediate` from a reducer runs on the thread that holds the turn
    /// until it first suspends: its async dispatch queues the action behind the current one, as
    /// the synchronous dispatch does there, and returns before it is applied (waiting there would
    /// wait for its own thread).
    @available(iOS 26, macOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func aTaskStartedImmediatelyInsideAReducerQueuesItsActionBehindTheCurrentOne() {
        let store = makeHookedStore()
        let log = Recorder<String>()
        let subscription = store.state.observe { log.append("count \(count(in: $0))") }
        store.dispatch(
            action: HookAction {
                Task.immediate {
                    await store.dispatchAsync(action: CounterAction.increment)
                    log.append("dispatchAsync returned")
                }
                log.append("reducer returned")
            })
        #expect(
            log.values == ["count 0", "dispatchAsync returned", "reducer returned", "count 0", "count 1"])
        #expect(store.substate(CounterState.self)?.count == 1)
        withExtendedLifetime(subscription) {}
    }
}
