import Dispatch
import Foundation
import TestSupport
import Testing

@testable import VueFluxCore

/// An async dispatch to a store whose custom context runs the drain at once, on the caller's
/// thread: the drain applies what each commit forwards before its next commit, as every drain
/// does, so the store it forwards into never holds more than one of its forwarded actions.
@Suite struct AsyncDrainTests {
    /// Commit `i` forwards `f<i>` into `target` and dispatches commit `i + 1` into `forwarding`,
    /// up to `count`; each commit records whether the previous one's forwarded action was in.
    static func chain(
        _ index: Int, of count: Int, forwarding: Actions<TestState<Local>>,
        target: Actions<TestState<Local>>, targetState: TestState<Local>, sawPrevious: Shared<[Bool]>
    ) -> TestAction {
        .hook("a\(index)") {
            if index > 0 {
                let previous = targetState.journal.values.contains("target:f\(index - 1)")
                sawPrevious.withLock { $0.append(previous) }
            }
            target.dispatch(action: .record("f\(index)"))
            if index + 1 < count {
                forwarding.dispatch(
                    action: chain(
                        index + 1, of: count, forwarding: forwarding, target: target,
                        targetState: targetState, sawPrevious: sawPrevious))
            }
        }
    }

    /// While another thread holds the target, the drain waits at the first forwarded action: the
    /// target's queue holds that one, not one per commit of the drain. A version that collected
    /// the drain's forwarded work for the async caller to apply at its end left 20 there, and a
    /// dispatch into the target applied them all on its way (found by a review, reverted).
    @Test func aDrainRunAtOnceForAnAsyncCallerAppliesEachCommitsForwardedWorkBeforeTheNext() async {
        let targetState = TestState<Local>(name: "target")
        let target = LocalStore(state: targetState, mutations: .init(), executor: .immediate)
        let forwarding = LocalStore(
            state: TestState<Local>(name: "forwarding"), mutations: .init(), executor: Executor { $0() })
        let (targetActions, forwardingActions) = (target.actions, forwarding.actions)
        let holding = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        Thread {
            targetActions.dispatch(
                action: .hook("held") {
                    holding.signal()
                    release.wait()
                })
        }.start()
        holding.wait()

        let sawPrevious = Shared<[Bool]>([])
        let first = Self.chain(
            0, of: 20, forwarding: forwardingActions, target: targetActions, targetState: targetState,
            sawPrevious: sawPrevious)
        let caller = Task.detached { await forwardingActions.dispatchAsync(action: first) }
        try? await Task.sleep(nanoseconds: 300_000_000)
        let queuedInTarget = target.core.queue.withLock { $0.turn.queuedCount }
        release.signal()
        await caller.value
        #expect(
            queuedInTarget <= 1, "the target's queue held \(queuedInTarget) of the drain's forwarded actions")
        #expect(sawPrevious.value == Array(repeating: true, count: 19))
        #expect(targetState.journal.values.filter { $0.hasPrefix("target:f") }.count == 20)
        withExtendedLifetime((target, forwarding)) {}
    }
}
