import Dispatch
import Foundation
import TestSupport
import Testing

@testable import FlowKernel

/// The turn drained on an executor (a VueFlux store on `.queue`) and from async code (tasks that
/// suspend instead of blocking their thread).
@Suite struct TurnExecutorTests {
    // MARK: Executor drains

    @Test func anExecutorDrainAppliesOneBatchThenHandsTheRestToTheNextDrain() {
        let pending = PendingWork()
        let source = DrainedSource { pending.add($0) }
        let total = 2 * ExecutorDrain.batchLimit + 44
        for item in 0..<total {
            source.send(item)
        }
        #expect(pending.count == 1, "one drain at a time")

        pending.runNext()
        #expect(source.applied.count == ExecutorDrain.batchLimit)
        #expect(pending.count == 1, "the rest is handed to the next drain, behind other work")
        pending.runNext()
        #expect(source.applied.count == 2 * ExecutorDrain.batchLimit)
        #expect(pending.count == 1)
        pending.runNext()
        #expect(source.applied.values == Array(0..<total), "first in, first out")
        #expect(pending.count == 0)
        #expect(source.isIdle)

        // Once idle, the next item schedules a drain again.
        source.send(total)
        #expect(pending.count == 1)
        pending.runNext()
        #expect(source.applied.values == Array(0...total))
        #expect(source.isIdle)
    }

    @Test func itemsQueuedDuringADrainWaitForTheNextDrain() {
        let pending = PendingWork()
        let source = DrainedSource(
            onApply: { source, item in
                // Queued while item 0 is applied, as a mutation's own dispatch is.
                if item == 0 {
                    for more in 3..<6 {
                        source.send(more)
                    }
                }
            },
            schedule: { pending.add($0) }
        )
        for item in 0..<3 {
            source.send(item)
        }

        pending.runNext()
        #expect(source.applied.values == [0, 1, 2], "a drain applies what was queued when it started")
        #expect(pending.count == 1)
        pending.runNext()
        #expect(source.applied.values == [0, 1, 2, 3, 4, 5])
        #expect(source.isIdle)
    }

    @Test func aDrainWhoseExecutorRunsTheNextDrainInlineGoesOnWithoutNesting() {
        let total = 10 * ExecutorDrain.batchLimit
        // An executor that runs its work at once, as a custom context may. The first item fills
        // the queue from inside the drain, so that each batch ends with work left.
        let source = DrainedSource(
            onApply: { source, item in
                guard item == 0 else { return }
                for more in 1..<total {
                    source.send(more)
                }
            },
            schedule: { $0() }
        )
        source.send(0)

        #expect(source.applied.values == Array(0..<total))
        #expect(source.deepestApplying.value == 1, "every batch ran in the first drain's frame")
        #expect(source.isIdle)
    }

    /// A task that finds the turn taken suspends instead of blocking its thread: while one thread
    /// holds the turn, the tasks dispatching into the source end up suspended in the turn's list
    /// (a version that blocked would park at most as many tasks as the cooperative pool has
    /// threads, and none in the list), nothing is applied during the hold, and once the turn is
    /// free every item is applied, exactly once. A dedicated thread ends the hold after at most 30
    /// seconds, so such a version fails here by name instead of hanging.
    @Test func tasksThatFindTheTurnTakenSuspendAndLeaveThePoolFree() async {
        let source = Source()
        let started = Counter()
        let applied = Counter()
        let appliedDuringTheHold = Counter()
        let hold = await Self.holdTurnUntilTheTasksSuspend(of: source, started: started)
        let released = hold.released
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<64 {
                group.addTask {
                    started.increment()
                    for _ in 0..<10 {
                        await source.sendSuspending { _ in
                            applied.increment()
                            if released.value == 0 { appliedDuringTheHold.increment() }
                        }
                    }
                }
            }
            await group.waitForAll()
        }
        #expect(hold.allSuspended.value == 1, "tasks blocked their threads instead of suspending")
        #expect(appliedDuringTheHold.value == 0, "applied while another thread held the turn")
        #expect(applied.value == 640)
        #expect(source.isIdle)
    }

    /// The same for forwarded work: a task's turn of source `a` forwards into `b`, which another
    /// thread holds, so the forward is deferred; the task then applies it before its call returns,
    /// as a synchronous caller does, but it waits for `b`'s turn by suspending (in `b`'s list), not
    /// by blocking its thread on `b`'s gate (a version that blocked parks the pool's threads on
    /// the gate and none in the list).
    @Test func tasksWhoseTurnForwardsIntoASourceTakenElsewhereSuspendForIt() async {
        let a = Source()
        let b = Source()
        let started = Counter()
        let forwardedApplied = Counter()
        let appliedDuringTheHold = Counter()
        let hold = await Self.holdTurnUntilTheTasksSuspend(of: b, started: started)
        let released = hold.released
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<16 {
                group.addTask {
                    started.increment()
                    await a.sendSuspending { _ in
                        b.send { _ in
                            forwardedApplied.increment()
                            if released.value == 0 { appliedDuringTheHold.increment() }
                        }
                    }
                    #expect(released.value == 1, "returned before its forwarded work was applied")
                }
            }
            await group.waitForAll()
        }
        #expect(
            hold.allSuspended.value == 1, "tasks blocked their threads on the forward instead of suspending")
        #expect(appliedDuringTheHold.value == 0, "applied while another thread held the turn")
        #expect(forwardedApplied.value == 16)
        #expect(a.isIdle && b.isIdle)
    }
    /// A task started with `Task.immediate` inside a turn runs on the holder's thread until it
    /// first suspends: its suspending call queues its item behind the current one, as the
    /// synchronous call does there, and returns at once (docs/threading.md, "Async code"). Had it
    /// waited for the turn, it would have waited for its own thread: the item would be applied
    /// only after the turn passed on, on another thread, after the outer call returned.
    @available(iOS 26, macOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func aTaskStartedImmediatelyInsideATurnQueuesItsItemLikeTheSynchronousCall() {
        let source = Source()
        let log = Recorder<String>()
        let me = currentThreadIdentity()
        let appliedOn = Locked<UInt>(0)
        source.send { _ in
            log.append("current")
            Task.immediate {
                await source.sendSuspending { thread in
                    appliedOn.withLock { $0 = thread }
                    log.append("queued")
                }
                log.append("returned")
            }
            log.append("current ends")
        }
        #expect(log.values == ["current", "returned", "current ends", "queued"])
        #expect(appliedOn.withLock { $0 } == me)
        #expect(source.isIdle)
    }

    /// Makes a thread take `source`'s turn and hold it until every task that has started (counted
    /// by `started`, at least 2) is suspended in the turn's list, or for at most 30 seconds; returns
    /// once the turn is held. `released` counts 1 once the hold ends; `allSuspended` counts 1 if
    /// it ended because every started task was suspended (a version that blocked parks its tasks
    /// on the gate, none in the list, and so fails by name instead of hanging).
    static func holdTurnUntilTheTasksSuspend(
        of source: Source, started: Counter
    ) async -> (released: Counter, allSuspended: Counter) {
        let holding = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let released = Counter()
        let allSuspended = Counter()
        let held = Counter()
        Thread {
            source.send { _ in
                held.increment()
                holding.signal()
                release.wait()
            }
        }.start()
        Thread {
            holding.wait()
            let deadline = Date().addingTimeInterval(30)
            // Every task that has started must end up suspended in the turn's list. Not all need
            // to have started: in the full parallel suite other tests may hold the pool for seconds.
            while Date() < deadline {
                let suspended = source.state.withLock { $0.turn.suspended.count }
                if suspended >= 2 && suspended == started.value {
                    allSuspended.increment()
                    break
                }
                usleep(1_000)
            }
            released.increment()
            release.signal()
        }.start()
        // The tasks start once the turn is held, so that each of them finds it taken.
        let holdDeadline = Date().addingTimeInterval(30)
        while held.value == 0 && Date() < holdDeadline {
            try? await Task.sleep(nanoseconds: 1_000_000)
        }
        #expect(held.value == 1, "the holding thread never took the turn")
        return (released, allSuspended)
    }
}
