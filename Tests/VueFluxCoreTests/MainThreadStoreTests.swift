import Dispatch
import ReactiveLite
import TestSupport
import Testing
import VueFluxCore

/// A `.mainThread` store keeps its own order, so it applies the main-thread rule to its own work
/// alone, as VueFlux's stores do (each holds a main-thread executor with its own count of running
/// and waiting work, `VueFlux/Executor.swift`).
@Suite struct MainThreadStoreTests {
    /// Dispatched on the main queue with nothing of its own pending, a `.mainThread` store commits
    /// before `dispatch` returns even while other main-thread work waits for the main queue: a
    /// button handler sees the new state. It used to consult the process-wide count of waiting
    /// `Executor.mainThread` work, and queued its commit behind any of it.
    @MainActor
    @Test func aMainThreadStoreCommitsInlineWhateverOtherMainThreadWorkWaits() async {
        let state = TestState<Local>()
        let store = LocalStore(state: state, mutations: .init(), executor: .mainThread)
        let otherWork = Recorder<String>()
        let enqueued = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            Executor.mainThread.execute { otherWork.append("other") }
            enqueued.signal()
        }
        // A short wait for a thread that needs nothing from the main queue: the other work is then
        // still waiting for it, since this test holds it.
        enqueued.wait()
        store.actions.dispatch(action: .record("tap"))
        #expect(state.journal.values == ["s:tap"])
        #expect(otherWork.values.isEmpty)
        #expect(await eventually { otherWork.values == ["other"] })
    }

    /// The store's own order still holds on the main queue: an action dispatched there while one
    /// dispatched from another thread waits for the main queue is committed after it.
    @MainActor
    @Test func aMainThreadDispatchWaitsBehindTheStoresOwnPendingCommit() async {
        let state = TestState<Local>()
        let store = LocalStore(state: state, mutations: .init(), executor: .mainThread)
        let actions = store.actions
        let enqueued = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            actions.dispatch(action: .record("background"))
            enqueued.signal()
        }
        enqueued.wait()
        actions.dispatch(action: .record("tap"))
        #expect(state.journal.values.isEmpty)
        #expect(await eventually { state.journal.count == 2 })
        #expect(state.journal.values == ["s:background", "s:tap"])
        withExtendedLifetime(store) {}
    }

    /// An action dispatched during a `.mainThread` store's commit on the main queue is committed in
    /// order, but by a later main-queue block, not before the outer `dispatch` returns: a drain
    /// commits only what was queued when it started (docs/vueflux.md). An `.immediate` store
    /// commits it before `dispatch` returns.
    @MainActor
    @Test(arguments: [true, false])
    func anActionDispatchedDuringAMainThreadCommitWaitsForALaterMainQueueBlock(onMainThread: Bool) async {
        let state = TestState<Local>()
        let store = LocalStore(
            state: state, mutations: .init(), executor: onMainThread ? .mainThread : .immediate)
        let actions = store.actions
        actions.dispatch(action: .hook("tap") { actions.dispatch(action: .record("reentrant")) })
        if onMainThread {
            #expect(state.journal.values == ["s:tap", "s:tap done"])
            #expect(await eventually { state.journal.count == 3 })
        }
        #expect(state.journal.values == ["s:tap", "s:tap done", "s:reentrant"])
        withExtendedLifetime(store) {}
    }
}
