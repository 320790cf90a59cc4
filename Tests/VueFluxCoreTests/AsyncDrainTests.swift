import Dispatch
import Foundation
import TestSupport
import Testing

@testable import VueFluxCore

/// A task executor with one thread: while a task blocks that thread, no other task on it runs.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
final class OneThreadTaskExecutor: TaskExecutor, @unchecked Sendable {
    // Its one piece of state, a serial queue, is itself thread-safe.
    private let queue = DispatchQueue(label: "OneThreadTaskExecutor")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}

/// An async dispatch to a store whose executor runs the drain at once on the caller's thread (a
/// custom context that runs work at once; `.mainThread` on the main actor).
@Suite struct AsyncDrainTests {
    /// The drain's commit forwards into a store another thread holds: the calling task suspends for
    /// that store's turn, and its thread runs other tasks meanwhile. The drain used to wait for the
    /// turn on the task's thread, one of the few of the cooperative pool (found by a review: 1.75 s
    /// and 2.27 s without a pool thread for other tasks).
    @Test func aDrainRunAtOnceLeavesWhatItForwardsToTheCallingTaskWhichSuspends() async {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
        let targetState = TestState<Local>(name: "target")
        let target = LocalStore(state: targetState, mutations: .init(), executor: .immediate)
        let targetActions = target.actions
        let forwarding = LocalStore(
            state: TestState<Local>(name: "forwarding"), mutations: .init(), executor: Executor { $0() })
        let forwardingActions = forwarding.actions
        // Another thread holds the target's turn until released (after 5 s at the latest).
        let holding = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let released = Shared(false)
        Thread {
            targetActions.dispatch(
                action: .hook("held") {
                    holding.signal()
                    release.wait()
                })
        }.start()
        holding.wait()
        DispatchQueue.global().asyncAfter(deadline: .now() + 5) {
            released.value = true
            release.signal()
        }

        let executor = OneThreadTaskExecutor()
        let caller = Task(executorPreference: executor) {
            await forwardingActions.dispatchAsync(
                action: .hook("commit") { targetActions.dispatch(action: .record("forwarded")) })
            return targetState.journal.values
        }
        let other = Task(executorPreference: executor) { released.value }
        let otherRanBeforeTheRelease = await other.value == false
        #expect(otherRanBeforeTheRelease, "the caller's thread was blocked until the target was released")
        released.value = true
        release.signal()
        // The forwarded action is committed before the async dispatch returns.
        #expect(await caller.value == ["target:held", "target:held done", "target:forwarded"])
        withExtendedLifetime((target, forwarding)) {}
    }
}
