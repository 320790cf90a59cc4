import Dispatch
import FlowKernel
import Testing

/// The virtual time behind the testing products' `TestClock`: sleepers wait for `now` to reach
/// their deadline, and only `advance(by:)` and `run()` move `now`, so a test of a debounce takes no
/// real time.
///
/// Moving time is made deterministic in the usual way for Swift concurrency, which cannot be stepped
/// from outside: before and after waking each sleeper, ``settle()`` lets the tasks that were just
/// created or woken run until they suspend again (it waits for every effect task to have begun,
/// every woken sleeper to have resumed and every sleeper to be registered, then yields while
/// anything still changes). So an effect that was started by the last `send` and is about to sleep
/// is asleep before time moves, and one that sleeps again after it wakes sleeps from the time it
/// woke at.
///
/// `Sendable`: its state sits behind `storage`'s lock; continuations are resumed after it.
@available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
package final class VirtualClock: Sendable {
    private enum Sleeper {
        /// Registered by `sleep`, before its continuation exists.
        case reserved(Duration)
        /// Waiting for `now` to reach the deadline.
        case waiting(Duration, CheckedContinuation<Bool, any Error>)
        /// Cancelled before its continuation was stored.
        case cancelled
    }

    private struct Storage {
        var now = Duration.zero
        var sleepers: [UInt64: Sleeper] = [:]
        var nextID: UInt64 = 0
        /// Sleepers resumed whose task has not run on yet.
        var waking = 0
        /// Counts every change, so that `settle` can tell when things have stopped moving.
        var changes: UInt64 = 0
        /// How many sleepers are `.reserved`: kept as they change, since `settle` asks on every
        /// round (counting them there cost a look at every sleeper each time).
        var reservedCount = 0
        /// Whether an `advance(by:)` or a `run` is moving time; the others wait their turn.
        var isMoving = false
        /// The calls waiting to move time, in the order they came.
        var movers: [CheckedContinuation<Void, Never>] = []
    }

    private let storage = LockedBox(Storage())
    /// Whether the clock was made while a Swift Testing test was running: where `run()` reports
    /// its failure when no test is current (``FailureReporter``).
    private let madeInSwiftTest = Test.current != nil

    package init() {}

    /// The virtual time elapsed since the clock was created.
    package var now: Duration {
        storage.withLock { $0.now }
    }

    /// The number of sleepers waiting.
    package var sleeperCount: Int {
        storage.withLock { $0.sleepers.count }
    }

    /// Suspends until `now` reaches `deadline`; at once if it has. Throws `CancellationError` if the
    /// task is cancelled before or while it sleeps.
    package func sleep(until deadline: Duration) async throws {
        try Task.checkCancellation()
        let id = storage.withLock { storage -> UInt64? in
            guard deadline > storage.now else { return nil }
            defer { storage.nextID += 1 }
            storage.sleepers[storage.nextID] = .reserved(deadline)
            storage.reservedCount += 1
            storage.changes += 1
            return storage.nextID
        }
        guard let id else { return }
        let woken = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<Bool, any Error>) in
                let outcome = storage.withLock { storage -> Result<Bool, any Error>? in
                    storage.changes += 1
                    switch storage.sleepers[id] {
                    case .reserved(let deadline) where deadline > storage.now:
                        storage.sleepers[id] = .waiting(deadline, continuation)
                        storage.reservedCount -= 1
                        return nil
                    case .reserved:
                        storage.sleepers[id] = nil
                        storage.reservedCount -= 1
                        return .success(false)
                    default:
                        storage.sleepers[id] = nil
                        return .failure(CancellationError())
                    }
                }
                if let outcome {
                    continuation.resume(with: outcome)
                }
            }
        } onCancel: {
            let continuation = storage.withLock { storage -> CheckedContinuation<Bool, any Error>? in
                storage.changes += 1
                switch storage.sleepers[id] {
                case .reserved:
                    storage.sleepers[id] = .cancelled
                    storage.reservedCount -= 1
                    return nil
                case .waiting(_, let continuation):
                    storage.sleepers[id] = nil
                    return continuation
                case .cancelled, nil:
                    return nil
                }
            }
            continuation?.resume(throwing: CancellationError())
        }
        // Runs in the woken task: it has resumed.
        guard woken else { return }
        storage.withLock { storage in
            storage.waking -= 1
            storage.changes += 1
        }
    }

    /// Moves `now` forward by `duration`, waking each sleeper whose deadline it passes, earliest
    /// first, with `now` at its deadline; lets the woken tasks run before it goes on. Calls that
    /// overlap (advances and ``run(limit:)`` from two tasks at once) move time one at a time, in
    /// the order they came, each from where the previous one left it: advances add up, and each
    /// sleeper still wakes at its deadline, earliest first.
    package func advance(by duration: Duration) async {
        await takeTurnToMove()
        // Taken in turn, after any earlier advance or `run` moved time: from where that one left it.
        let target = storage.withLock { $0.now.clampedSum(duration, within: .testClockEnd) }
        _ = await advance(to: target, settled: false)
        passTurnToMove()
    }

    /// Waits (suspended) until no other call moves time, then marks this one as moving it.
    private func takeTurnToMove() async {
        let isFree = storage.withLock { storage -> Bool in
            guard !storage.isMoving else { return false }
            storage.isMoving = true
            return true
        }
        guard !isFree else { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let isFree = storage.withLock { storage -> Bool in
                guard storage.isMoving else {
                    storage.isMoving = true
                    return true
                }
                storage.movers.append(continuation)
                return false
            }
            if isFree {
                continuation.resume()
            }
        }
    }

    /// Ends this call's turn to move time: the next one waiting, if any, takes it.
    private func passTurnToMove() {
        let next = storage.withLock { storage -> CheckedContinuation<Void, Never>? in
            guard !storage.movers.isEmpty else {
                storage.isMoving = false
                return nil
            }
            return storage.movers.removeFirst()
        }
        next?.resume()
    }

    /// Moves `now` forward until no sleeper is left (at most `limit` wake-ups, so that an effect
    /// that sleeps in a loop cannot keep it going forever); returns whether none is left.
    ///
    /// Settles once before it starts and once after each wake-up (``advance(to:settled:)``), not
    /// again before it looks for the next deadline: nothing runs between the two. When it finds no
    /// sleeper, it settles once more and looks again before it returns: a woken task taken off its
    /// core on its way back to the clock (a loaded machine) would otherwise look like one that ended.
    package func run(limit: Int = 1_000) async -> Bool {
        await takeTurnToMove()
        defer { passTurnToMove() }
        await settle()
        for _ in 0..<limit {
            var next = nextDeadline()
            if next == nil {
                await settle()
                next = nextDeadline()
            }
            guard let next else { return true }
            if await !advance(to: next, settled: true) {
                // Its sleeper was cancelled meanwhile: nothing woke, and nothing settled since.
                await settle()
            }
        }
        return storage.withLock { $0.sleepers.isEmpty }
    }

    /// The earliest deadline of a waiting sleeper that time can reach (by ``Duration/testClockEnd``),
    /// or `nil` when none waits for one.
    private func nextDeadline() -> Duration? {
        storage.withLock { storage in
            storage.sleepers.values.compactMap { sleeper -> Duration? in
                if case .waiting(let deadline, _) = sleeper, deadline <= .testClockEnd { return deadline }
                return nil
            }.min()
        }
    }

    /// ``run(limit:)`` for a testing product's `TestClock.run()`: when it gives up, fails the test
    /// at `site`, saying how many sleepers are left.
    package func run(failingAt site: CallSite) async {
        guard await !run(limit: 1_000) else { return }
        let left = sleeperCount
        FailureReporter.fail(
            "run(): \(left == 1 ? "1 sleeper" : "\(left) sleepers") still on the clock after 1,000 "
                + "wake-ups: an effect sleeps in a loop. Move time with advance(by:) instead, and cancel "
                + "the effect.",
            at: site, madeInSwiftTest: madeInSwiftTest)
    }

    /// Wakes the sleepers due by `target` (time stops at ``Duration/testClockEnd``), earliest
    /// first, settling after each; settles first unless the caller just did (`settled`). Returns
    /// whether it woke any.
    private func advance(to target: Duration, settled: Bool) async -> Bool {
        let target = min(target, .testClockEnd)
        if !settled {
            await settle()
        }
        var woke = false
        while true {
            let due = storage.withLock { storage -> CheckedContinuation<Bool, any Error>? in
                var earliest: (id: UInt64, deadline: Duration)?
                for (id, sleeper) in storage.sleepers {
                    guard case .waiting(let deadline, _) = sleeper, deadline <= target else { continue }
                    if earliest == nil || deadline < earliest!.deadline
                        || (deadline == earliest!.deadline && id < earliest!.id)
                    {
                        earliest = (id, deadline)
                    }
                }
                guard let earliest, case .waiting(_, let continuation) = storage.sleepers[earliest.id] else {
                    storage.now = max(storage.now, target)
                    return nil
                }
                storage.sleepers[earliest.id] = nil
                storage.now = max(storage.now, earliest.deadline)
                storage.waking += 1
                storage.changes += 1
                return continuation
            }
            guard let due else { return woke }
            woke = true
            due.resume(returning: true)
            await settle()
        }
    }

    /// Lets the tasks just started or woken run until they suspend again: waits (a bounded time)
    /// until every effect task has begun, every woken sleeper has resumed and every reserved
    /// sleeper has stored its continuation, then yields until nothing has changed for a few rounds
    /// and at least ``quietNanoseconds`` of real time. The real-time part covers a task that has
    /// begun but was taken off its core before it reached the clock, as happens on a loaded
    /// machine: yields alone may all pass while it waits for a core.
    package func settle() async {
        var quiet = 0
        var last = UInt64.max
        var quietSince = DispatchTime.now().uptimeNanoseconds
        // About a second of real time at most, in case some task never gets there.
        for round in 0..<20_000 {
            await Task.yield()
            let (changes, busy) = storage.withLock { storage in
                (storage.changes, storage.waking > 0 || storage.reservedCount > 0)
            }
            let now = DispatchTime.now().uptimeNanoseconds
            if busy || EffectRegistry.unstarted.value > 0 {
                quiet = 0
                quietSince = now
                if round > 100 {
                    try? await Task.sleep(nanoseconds: 50_000)
                }
                continue
            }
            if changes == last {
                quiet += 1
            } else {
                quiet = 0
                quietSince = now
            }
            last = changes
            if quiet >= 3 && now - quietSince >= Self.quietNanoseconds {
                return
            }
            if quiet >= 3 {
                try? await Task.sleep(nanoseconds: 200_000)
            }
        }
    }

    /// How long nothing must change before ``settle()`` returns: 4 ms.
    static let quietNanoseconds: UInt64 = 4_000_000
}
