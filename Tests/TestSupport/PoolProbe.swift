import Dispatch
import Foundation

/// What ``probeThePoolWhileTasksWaitForATurn(taskCount:hold:dispatch:)`` saw.
public struct PoolProbe: Sendable {
    /// How many tasks dispatched.
    public let taskCount: Int
    /// Whether the holder took the turn within 30 s.
    public let held: Bool
    /// Whether a task started while the turn was held ran before the turn ended (within 30 s).
    public let probeRan: Bool
    /// How many of the dispatching tasks had started when the probe was started.
    public let startedBeforeProbe: Int
    /// How many of the dispatching tasks had returned when the turn ended.
    public let returnedDuringHold: Int
    /// How many of the dispatching tasks had returned 90 s after the turn was taken, at the latest
    /// (a version that never resumes a waiting task leaves them parked: fewer than `taskCount`).
    public let returned: Int
}

/// Whether async callers that find a source busy leave Swift's cooperative pool free.
///
/// A dedicated thread takes the source's turn through `hold`, which must call its argument from
/// inside the turn (a mutation, a reducer or a listener that runs it). While the turn is held,
/// `taskCount` tasks each call `dispatch` once; when all have started (or after 30 s), the holder
/// starts one more task, the probe, and waits up to 30 s for it to run before it ends the turn
/// (bounds that outlast a pool kept busy for seconds by other tests of a parallel run).
/// Tasks that suspend leave the pool's threads free, so every dispatching task starts and the
/// probe runs; tasks that blocked their threads park the whole pool (one thread per core, fewer
/// than the default `taskCount`), so few start and the probe does not run. Every wait is bounded:
/// a version that blocks, or one that never resumes a waiting task, fails by name within two
/// minutes instead of hanging the run.
public func probeThePoolWhileTasksWaitForATurn(
    taskCount: Int = max(64, 4 * ProcessInfo.processInfo.activeProcessorCount),
    hold: @escaping @Sendable (_ whileHeld: @escaping @Sendable () -> Void) -> Void,
    dispatch: @escaping @Sendable () async -> Void
) async -> PoolProbe {
    let started = Counter()
    let returned = Counter()
    let probeRan = Counter()
    // What the holder saw: tasks started before the probe, whether the probe ran, then tasks
    // returned before the turn ended.
    let seenByHolder = Recorder<Int>()
    let held = DispatchSemaphore(value: 0)
    Thread {
        hold {
            held.signal()
            let deadline = Date().addingTimeInterval(30)
            while started.value < taskCount && Date() < deadline {
                usleep(1_000)
            }
            seenByHolder.append(started.value)
            let ran = DispatchSemaphore(value: 0)
            Task.detached {
                probeRan.increment()
                ran.signal()
            }
            _ = ran.wait(timeout: .now() + 30)
            seenByHolder.append(probeRan.value)
            seenByHolder.append(returned.value)
        }
    }.start()
    let tookTheTurn = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
        Thread {
            continuation.resume(returning: held.wait(timeout: .now() + 30) == .success)
        }.start()
    }
    guard tookTheTurn else {
        return PoolProbe(
            taskCount: taskCount, held: false, probeRan: false, startedBeforeProbe: 0,
            returnedDuringHold: 0, returned: 0)
    }
    _ = await finishes(within: 90) {
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<taskCount {
                group.addTask {
                    started.increment()
                    await dispatch()
                    returned.increment()
                }
            }
            await group.waitForAll()
        }
    }
    let seen = seenByHolder.values
    return PoolProbe(
        taskCount: taskCount, held: true, probeRan: seen.count == 3 && seen[1] == 1,
        startedBeforeProbe: seen.first ?? -1, returnedDuringHold: seen.count == 3 ? seen[2] : -1,
        returned: returned.value)
}
