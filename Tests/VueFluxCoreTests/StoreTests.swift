import Dispatch
import FlowKernel
import Foundation
import ReactiveLite
import ReactiveLiteTestSupport
import TestSupport
import Testing

@testable import VueFluxCore

@Suite struct StoreTests {
    // MARK: Serialization

    @Test func immediateCommitsOnTheCallingThreadBeforeDispatchReturns() {
        let state = TestState<Local>()
        let store = LocalStore(state: state, mutations: .init(), executor: .immediate)

        store.actions.dispatch(action: .increment)
        #expect(state.count.value == 1)
        store.actions.dispatch(action: .increment)
        #expect(state.count.value == 2)
    }

    @Test func eightThreadsOfTenThousandDispatchesEndAtExactly80000() async {
        let state = TestState<Local>()
        let store = LocalStore(state: state, mutations: .init(), executor: .immediate)
        let actions = store.actions

        await runOnThreads(8) { _ in
            for _ in 0..<10_000 {
                actions.dispatch(action: .increment)
            }
        }

        // Every dispatch call has returned, so every action has been committed.
        #expect(state.count.value == 80_000)
        #expect(state.overlapCount == 0)
    }

    // Polls on purpose: real threads on a real concurrent queue are the point of this test.
    @Test func commitsOnAConcurrentQueueAreOneAtATimeAndLoseNothing() async {
        let state = TestState<Local>()
        let store = LocalStore(state: state, mutations: .init(), executor: .queue(.global()))
        let actions = store.actions

        await runOnThreads(8) { _ in
            for _ in 0..<10_000 {
                actions.dispatch(action: .increment)
            }
        }

        #expect(await eventually { state.count.value == 80_000 })
        #expect(state.overlapCount == 0)
        withExtendedLifetime(store) {}
    }

    @Test func commitsOnAnAsynchronousExecutorKeepDispatchOrder() {
        let steps = StepExecutor()
        let state = TestState<Local>()
        let store = LocalStore(state: state, mutations: .init(), executor: steps.executor)

        for index in 0..<1_000 {
            store.actions.dispatch(action: .record("\(index)"))
        }
        #expect(state.journal.count == 0)
        steps.runAll()

        #expect(state.journal.values == (0..<1_000).map { "s:\($0)" })
        withExtendedLifetime(store) {}
    }

    @Test func customExecutorCommitsWhenItRunsTheWork() {
        let steps = StepExecutor()
        let state = TestState<Local>()
        let store = LocalStore(state: state, mutations: .init(), executor: steps.executor)

        store.actions.dispatch(action: .increment)
        #expect(state.count.value == 0)
        #expect(steps.pendingCount == 1)
        steps.runAll()
        #expect(state.count.value == 1)
        withExtendedLifetime(store) {}
    }

    /// A store submits one drain to its context, not one piece of work per action: actions
    /// dispatched while a drain is pending join it, and running that one piece commits them all,
    /// in order (docs/vueflux.md, the executors' migration note).
    @Test func aCustomContextIsCalledOncePerDrainNotOncePerAction() {
        let steps = StepExecutor()
        let state = TestState<Local>()
        let store = LocalStore(state: state, mutations: .init(), executor: steps.executor)
        store.actions.dispatch(action: .record("a"))
        store.actions.dispatch(action: .record("b"))
        store.actions.dispatch(action: .record("c"))
        #expect(steps.pendingCount == 1)
        #expect(steps.runAll() == 1)
        #expect(state.journal.values == ["s:a", "s:b", "s:c"])
        withExtendedLifetime(store) {}
    }

    // MARK: Reentrancy

    @Test func dispatchFromAMutationIsCommittedAfterItInOrder() {
        let state = TestState<Local>()
        let store = LocalStore(state: state, mutations: .init(), executor: .immediate)
        let actions = store.actions

        actions.dispatch(
            action: .hook("a") {
                actions.dispatch(action: .record("b"))
                actions.dispatch(action: .record("c"))
            })

        // A nested commit would put "b" and "c" before "a done".
        #expect(state.journal.values == ["s:a", "s:a done", "s:b", "s:c"])
    }

    @Test func dispatchFromAnObserverIsCommittedAfterTheCurrentCommit() {
        let state = TestState<Local>()
        let store = LocalStore(state: state, mutations: .init(), executor: .immediate)
        let actions = store.actions
        let journal = state.journal

        // The observer runs inside the increment's mutation, which sets `count`.
        let observation = state.count.signal.observe { value in
            guard value > 0 else { return }
            journal.append("observed \(value)")
            actions.dispatch(action: .record("from observer \(value)"))
        }
        actions.dispatch(action: .increment)
        actions.dispatch(action: .increment)
        observation.dispose()

        #expect(
            journal.values == [
                "observed 1", "s:increment", "s:from observer 1",
                "observed 2", "s:increment", "s:from observer 2",
            ])
    }

    @Test func reentrantDispatchOnAnAsynchronousExecutorIsQueuedInOrder() {
        let steps = StepExecutor()
        let state = TestState<Local>()
        let store = LocalStore(state: state, mutations: .init(), executor: steps.executor)
        let actions = store.actions

        // Both are queued before either commits; "b" is dispatched while "a" commits.
        actions.dispatch(
            action: .hook("a") {
                actions.dispatch(action: .record("b"))
            })
        actions.dispatch(action: .record("c"))
        steps.runAll()

        #expect(state.journal.values == ["s:a", "s:a done", "s:c", "s:b"])
        withExtendedLifetime(store) {}
    }

    @Test func storeAndVariableCallingEachOtherFromTwoThreadsDoNotDeadlock() async {
        // The harness case: a Variable whose observer dispatches to a store whose mutation sets
        // that Variable, driven from two threads at once.
        let state = TestState<Local>()
        let store = LocalStore(state: state, mutations: .init(), executor: .immediate)
        let actions = store.actions
        let external = Variable(0)
        let observation = external.signal.observe { _ in actions.dispatch(action: .increment) }

        let finished = await finishes {
            await runOnThreads(2) { thread in
                for round in 1...2_000 {
                    if thread == 0 {
                        external.value = round
                    } else {
                        actions.dispatch(action: .hook("set") { external.value = -round })
                    }
                }
            }
        }

        #expect(finished)
        // One increment for the replay on subscription, then one per set from either thread.
        #expect(state.count.value == 4_001)
        #expect(state.overlapCount == 0)
        observation.dispose()
    }

    // MARK: Executors

    @Test func immediateCommitsOnTheDispatchingThread() {
        let state = TestState<Local>()
        let store = LocalStore(state: state, mutations: .init(), executor: .immediate)
        let key = DispatchSpecificKey<UInt8>()
        let queue = DispatchQueue(label: "caller")
        queue.setSpecific(key: key, value: 3)
        let seen = Recorder<UInt8?>()

        queue.sync {
            store.actions.dispatch(
                action: .hook("where") { seen.append(DispatchQueue.getSpecific(key: key)) })
        }

        #expect(seen.values == [3])
    }

    // Polls on purpose: the dispatch queue itself is what this test is about.
    @Test func queueExecutorCommitsOnItsQueueAfterDispatchReturns() async {
        let state = TestState<Local>()
        let key = DispatchSpecificKey<UInt8>()
        let queue = DispatchQueue(label: "commits")
        queue.setSpecific(key: key, value: 5)
        let store = LocalStore(state: state, mutations: .init(), executor: .queue(queue))
        let seen = Recorder<UInt8?>()
        let gate = DispatchSemaphore(value: 0)
        queue.async { gate.wait() }

        store.actions.dispatch(action: .hook("where") { seen.append(DispatchQueue.getSpecific(key: key)) })
        #expect(seen.count == 0)
        gate.signal()

        #expect(await eventually { seen.count == 1 })
        #expect(seen.values == [5])
        withExtendedLifetime(store) {}
    }

    // Polls on purpose: the main queue itself is what this test is about.
    @Test func mainThreadExecutorCommitsOnTheMainQueue() async {
        let state = TestState<Local>()
        let store = LocalStore(state: state, mutations: .init(), executor: .mainThread)
        let seen = Recorder<Bool>()
        let actions = store.actions

        DispatchQueue.global().async {
            for _ in 0..<3 {
                actions.dispatch(action: .hook("where") { seen.append(isOnMainQueue) })
            }
        }

        #expect(await eventually { seen.count == 3 })
        #expect(seen.values == [true, true, true])
        withExtendedLifetime(store) {}
    }

    // MARK: Executor drains

    // Polls on purpose: a real serial queue, flooded from a real thread, is the point.
    @Test func aFloodLeavesTheExecutorsQueueFreeForOtherWorkAndCommitsEveryActionOnceInOrder() async {
        let queue = DispatchQueue(label: "store-flood")
        let state = SequenceState()
        let store = Store(state: state, mutations: .init(), executor: .queue(queue))
        let actions = store.actions

        let probe = await floodWhileProbing(
            queue, send: { actions.dispatch(action: $0) }, applied: { state.check.next })
        #expect(
            probe.ranDuringFlood,
            "a block submitted to the store's queue waited for the flood to end (\(probe.sent) sent)")
        #expect(await eventually { state.check.next == probe.sent })
        #expect(state.check.violations == 0)
        #expect(state.overlaps.value == 0)
        withExtendedLifetime(store) {}
    }

    // Polls on purpose: the real main queue, flooded from a real thread, is the point.
    @Test func aFloodOnTheMainThreadLeavesTheMainQueueFreeAndCommitsEveryActionOnceInOrder() async {
        let state = SequenceState()
        let store = Store(state: state, mutations: .init(), executor: .mainThread)
        let actions = store.actions

        let probe = await floodWhileProbing(
            .main, send: { actions.dispatch(action: $0) }, applied: { state.check.next })
        #expect(
            probe.ranDuringFlood,
            "a main-queue block waited for the flood to end (\(probe.sent) sent)")
        #expect(await eventually { state.check.next == probe.sent })
        #expect(state.check.violations == 0)
        #expect(state.overlaps.value == 0)
        withExtendedLifetime(store) {}
    }

    @Test func aCustomContextIsNeverCalledFromInsideTheWorkItRuns() {
        // A mutation that dispatches ends its drain with an action queued: a drain that handed it
        // to the context from inside the context's own work would deadlock a context written with
        // a lock or `sync`; the drain commits it itself instead.
        let context = SerializingContext()
        let state = TestState<Local>()
        let store = LocalStore(state: state, mutations: .init(), executor: Executor { context.run($0) })
        let actions = store.actions
        actions.dispatch(action: .hook("first") { actions.dispatch(action: .record("second")) })
        #expect(state.journal.values == ["s:first", "s:first done", "s:second"])
        #expect(context.reentered == 0)
    }

    // MARK: Lifetime

    @Test func storeIsKeptAliveByNeitherItsActionsNorItsComputedNorItsObservers() {
        weak var weakStore: LocalStore?
        let state = TestState<Local>()
        var actions: Actions<TestState<Local>>?
        var computed: Computed<TestState<Local>>?
        var observation: (any Disposable)?
        do {
            let store = LocalStore(state: state, mutations: .init(), executor: .immediate)
            weakStore = store
            let storeActions = store.actions
            actions = storeActions
            computed = store.computed
            observation = state.count.signal.observe { value in
                if value == 1 { storeActions.dispatch(action: .record("observed")) }
            }
            #expect(weakStore != nil)
        }

        #expect(weakStore == nil)
        // The actions outlived their store: what they send is dropped.
        actions?.dispatch(action: .increment)
        #expect(state.count.value == 0)
        #expect(computed?.state === state)
        observation?.dispose()
    }

    @Test func aDeallocatedStoreReleasesItsStateEvenWhenItsStateObservesItsActions() {
        // The state's variable holds an observer that holds the store's actions: no cycle may keep
        // the state alive once the store is gone, although the actions value outlives it.
        weak var weakState: TestState<Local>?
        var actions: Actions<TestState<Local>>?
        do {
            let state = TestState<Local>()
            weakState = state
            let store = LocalStore(state: state, mutations: .init(), executor: .immediate)
            let storeActions = store.actions
            actions = storeActions
            state.count.signal.observe { value in
                if value == 1 { storeActions.dispatch(action: .record("observed")) }
            }
            storeActions.dispatch(action: .increment)
            #expect(state.journal.values == ["s:increment", "s:observed"])
        }

        #expect(weakState == nil)
        actions?.dispatch(action: .increment)
    }

    @Test func aKeptSignalKeepsItsVariableButNeitherTheStateNorTheStore() {
        weak var weakStore: LocalStore?
        weak var weakState: TestState<Local>?
        var signal: Signal<Int>?
        do {
            let state = TestState<Local>()
            weakState = state
            let store = LocalStore(state: state, mutations: .init(), executor: .immediate)
            weakStore = store
            signal = state.count.signal
            store.actions.dispatch(action: .increment)
        }

        #expect(weakStore == nil)
        #expect(weakState == nil)
        let seen = Recorder<Int>()
        signal?.observe(seen.observer)
        #expect(seen.values == [1], "the kept signal replays its variable's last value")
    }

    @Test func deallocationDropsCommitsNotYetRun() {
        let state = TestState<Local>()
        let queue = DispatchQueue(label: "gated")
        var store: LocalStore? = LocalStore(state: state, mutations: .init(), executor: .queue(queue))
        let actions = store?.actions
        let gate = DispatchSemaphore(value: 0)
        queue.async { gate.wait() }

        for _ in 0..<3 {
            actions?.dispatch(action: .increment)
        }
        store = nil
        gate.signal()
        queue.sync {}  // The drain, queued behind the gate, has run by now.

        #expect(state.count.value == 0)
        #expect(state.journal.values.isEmpty)
    }

    @Test func deallocationFromInsideAMutationStopsTheQueuedCommits() {
        let state = TestState<Local>()
        let holder = Locked<LocalStore?>(nil)
        let store = LocalStore(state: state, mutations: .init(), executor: .immediate)
        holder.withLock { $0 = store }
        let actions = store.actions
        weak let weakStore = store
        _ = consume store

        actions.dispatch(
            action: .hook("last") {
                actions.dispatch(action: .increment)
                // Drop the only reference to the store, outside the lock.
                let released = holder.withLock { held -> LocalStore? in
                    defer { held = nil }
                    return held
                }
                _ = consume released
            })

        #expect(weakStore == nil)
        #expect(state.journal.values == ["s:last", "s:last done"])
        #expect(state.count.value == 0)
    }
}
